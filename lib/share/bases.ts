/**
 * Built-in content a link can refer to instead of carrying it: every preset
 * (the default sample is the first) and every lesson, by a stable ref
 * (`p:<id>`, `l:<id>`), with a hash of the content this build has, so a
 * link made on other content can say so (codec-v3.ts).
 */
import { LESSONS } from "@/lib/lessons"
import { PRESETS } from "@/lib/presets"

/** One built-in request a link can start from. */
export interface ShareBase {
  ref: string
  title: string
  /** The request as this build has it. */
  request: unknown
  /** Hash of its canonical JSON (contentHash). */
  hash: string
}

let cache: ShareBase[] | undefined

/** Every base, built once (presets first, then lessons). */
export function shareBases(): ShareBase[] {
  if (cache) return cache
  const all = [
    ...PRESETS.map((p) => ({
      ref: `p:${p.id}`,
      title: p.title,
      build: p.build,
    })),
    ...LESSONS.map((l) => ({
      ref: `l:${l.id}`,
      title: l.title,
      build: l.build,
    })),
  ]
  cache = all.map(({ ref, title, build }) => {
    const request: unknown = JSON.parse(JSON.stringify(build()))
    return { ref, title, request, hash: contentHash(JSON.stringify(request)) }
  })
  return cache
}

/** The base with this ref, if this build has it. */
export const findBase = (ref: string) => shareBases().find((b) => b.ref === ref)

/** A short hash of a text (cyrb53, base 36): same text, same hash, in every engine. */
export function contentHash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 =
    Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^
    Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 =
    Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^
    Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}
