/**
 * What invalidates cached levels beyond the first changed block
 * (docs/semantics.md#cache-invalidation, DOC: prompt caching, "what
 * invalidates the cache"): images added or removed anywhere in the prompt
 * empty the messages' cache; citations turned on or off, the system
 * prompt's and the messages'. Tool definitions, `tool_choice`, thinking
 * parameters and web search are request-level: the same in every request
 * of one session (a log's replay reads their changes from the log,
 * lib/real-usage/history.ts).
 *
 * Both session paths read a prompt's marks here: the incremental one per
 * slot (cache.ts), the per-request one per block (replay.ts).
 */

/** Why a request's cache was invalidated beyond its first changed block. */
export type Invalidation = "images" | "citations"

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null

/** Image blocks in a block: itself, or inside a tool result's content. */
export function imagesIn(block: unknown): number {
  if (!isObj(block)) return 0
  if (block.type === "image") return 1
  const c = block.content
  return Array.isArray(c)
    ? c.filter((x) => isObj(x) && x.type === "image").length
    : 0
}

/** A document or search result with citations enabled (itself, or in a tool result). */
export function citesIn(block: unknown): boolean {
  if (!isObj(block)) return false
  const on = (b: unknown) =>
    isObj(b) && isObj(b.citations) && b.citations.enabled === true
  if (on(block)) return true
  const c = block.content
  return Array.isArray(c) && c.some(on)
}

/** What a prompt shows of images and citations, read over its live blocks in order. */
export class PromptMarks {
  /** Images, weighted by position: equal only when the same images are where they were. */
  images = 0
  cites = 0
  add(position: number, images: number, cites: boolean) {
    this.images += images * (position + 1)
    if (cites) this.cites++
  }
}

/**
 * The invalidation between the part of two prompts from their first
 * changed block on (the part before it is the same in both); `citedBefore`:
 * the common part has citations on.
 */
export function invalidation(
  prev: PromptMarks,
  cur: PromptMarks,
  citedBefore: boolean
): Invalidation | null {
  const on = (m: PromptMarks) => citedBefore || m.cites > 0
  if (on(prev) !== on(cur)) return "citations"
  return prev.images !== cur.images ? "images" : null
}
