/**
 * Loads the real-traffic artifacts of test/real/<kind>/<slug>.json and reads
 * the real number of each: the whole prompt the API measured, i.e.
 * input_tokens + cache_creation_input_tokens + cache_read_input_tokens.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

import { cookbookArtifacts } from "./cookbook"
import { featuresOf } from "./features"

export type ArtifactKind = "exchange" | "count_tokens" | "error" | "import"

export interface RealUsage {
  input_tokens: number | null
  cache_creation_input_tokens?: number
  cache_read_input_tokens?: number
  /** count_tokens with context_management: before the edits. */
  original_input_tokens?: number
  status?: number
  error?: { type?: string; message?: string }
  /** usage.server_tool_use where some count > 0 (several sampling calls). */
  server_tool_use?: Record<string, number>
  /** Streaming: message_start's usage, the first sampling call's prompt. */
  message_start?: {
    input_tokens: number
    cache_creation_input_tokens?: number
    cache_read_input_tokens?: number
  }
  /** The response holds server_tool_use / mcp_tool_use blocks: its usage
   * covers several sampling calls. */
  several_calls?: boolean
  /** usage.iterations: one entry per sampling call (server tools, advisor). */
  iterations?: {
    type: string
    input_tokens: number
    cache_creation_input_tokens?: number
    cache_read_input_tokens?: number
    model?: string
  }[]
}

export interface Artifact {
  source: {
    repo: string
    commit: string
    path: string
    note?: string
    interaction?: number
  }
  kind: ArtifactKind
  model: string | null
  request: Record<string, unknown>
  real: RealUsage
  /** import artifacts: the raw text a user would paste. */
  importText?: string
  /** Derived: test/real-relative file and feature tags. */
  file: string
  slug: string
  features: string[]
}

export const REAL_DIR = new URL("./", import.meta.url).pathname
/**
 * The out-of-sample set: recordings from repositories no number of the
 * engine was fitted on (README.md, "In and out of sample").
 */
export const HOLDOUT_DIR = new URL("./holdout/", import.meta.url).pathname
const KINDS: ArtifactKind[] = ["exchange", "count_tokens", "error", "import"]

/** Every artifact, sorted by file name (stable order for tests and bench). */
export function loadArtifacts(dir: string = REAL_DIR): Artifact[] {
  const out: Artifact[] = []
  for (const kind of KINDS) {
    let files: string[] = []
    try {
      files = readdirSync(join(dir, kind)).filter((f) => f.endsWith(".json"))
    } catch {
      continue
    }
    for (const f of files.sort()) {
      const raw = JSON.parse(readFileSync(join(dir, kind, f), "utf8"))
      const slug = f.replace(/\.json$/, "")
      out.push({
        ...raw,
        file: `${kind}/${f}`,
        slug,
        features: featuresOf(raw.request),
      })
    }
  }
  // The cookbook's corpus: one artifact per recorded document (cookbook.ts).
  out.push(...cookbookArtifacts(dir))
  return out
}

const sum = (u: {
  input_tokens: number | null
  cache_creation_input_tokens?: number
  cache_read_input_tokens?: number
}) =>
  (u.input_tokens ?? 0) +
  (u.cache_creation_input_tokens ?? 0) +
  (u.cache_read_input_tokens ?? 0)

/**
 * The size of the request's prompt as the API measured it, or null where the
 * artifact has no such number: errors, and responses whose usage covers
 * several sampling calls (server tools) without a per-call breakdown. With
 * `usage.iterations`, the first call's entry is the request's prompt; in a
 * stream, message_start's usage is the first call's (message_delta carries
 * the total over all calls).
 */
export function realPromptTokens(a: Artifact): number | null {
  // import artifacts repeat a request counted elsewhere: no double weight
  if (a.kind !== "exchange" && a.kind !== "count_tokens") return null
  if (a.real.input_tokens == null) return null
  if (a.real.original_input_tokens != null) return a.real.original_input_tokens
  const first = a.real.iterations?.[0] ?? a.real.message_start
  if (first) return sum(first)
  if (a.real.server_tool_use || a.real.several_calls) return null
  return sum(a.real)
}
