import type { ImportedRequest } from "@/lib/import/types"

/** A teaching example: a request with `context_management` ready to explore. */
export interface Preset {
  /** Stable id, used in URLs and tests. */
  id: string
  /** Short title for the examples menu (sentence case). */
  title: string
  /** One sentence: what the example teaches. */
  description: string
  /** Docs section the example comes from. */
  docsUrl?: string
  /** `anthropic-beta` values the request needs. */
  betas: string[]
  /** Builds a fresh copy of the request (deterministic). */
  build(): ImportedRequest
  /** The request, built on first access and cached; treat as read-only. */
  readonly request: ImportedRequest
}

/** A preset from its parts; `request` is built lazily and cached. */
export function definePreset(parts: Omit<Preset, "request">): Preset {
  let cached: ImportedRequest | undefined
  return {
    ...parts,
    get request() {
      cached ??= parts.build()
      return cached
    },
  }
}
