/**
 * How far a request asks the API to cache its prompt (DOC S-PC): explicit
 * `cache_control` breakpoints on tool definitions, system blocks and
 * message blocks, in prompt order (tools → system → messages), and the
 * top-level `cache_control` of automatic caching, which puts a breakpoint
 * on the last cacheable block. Without any, nothing is cached.
 */
import type { SimulateSuccess } from "../types"
import { isRecord as isObj } from "@/lib/json/is-record"

/** The API's limit on blocks with an explicit `cache_control` (DOC S-PC). */
export const MAX_BREAKPOINTS = 4
/** How many blocks back from a breakpoint the API looks for a cached prefix (DOC S-PC). */
export const CACHE_LOOKBACK_BLOCKS = 20

/** An explicit breakpoint, in prompt order. */
export type CachePoint =
  | { where: "tools" }
  | { where: "system" }
  | { where: "message"; messageIndex: number; blockIndex: number }

/** The request's own caching. */
export interface CacheSetup {
  /** Top-level `cache_control`: automatic caching to the last cacheable block. */
  automatic: boolean
  /** Blocks (tools, system, messages) with an explicit `cache_control`. */
  explicit: number
  /** The last explicit breakpoint in prompt order; null when there is none. */
  last: CachePoint | null
  /** The API's 400 when there are more than MAX_BREAKPOINTS explicit ones; null otherwise. */
  error: string | null
  /** TTL of the breakpoint that ends the cached prefix (`ttl: "1h"` writes cost more). */
  ttl: "5m" | "1h"
}

/**
 * Where the cached prefix ends in a simulation's blocks: nothing is cached,
 * the whole prompt is, or the prefix up to a block (index into `blocks`;
 * -1 = only tool definitions and system prompt, before any message).
 */
export type CacheReach =
  | { kind: "none" }
  | { kind: "end"; automatic: boolean }
  | { kind: "fixed"; index: number; point: CachePoint }

type Obj = Record<string, unknown>
const marked = (b: unknown): boolean => isObj(b) && isObj(b.cache_control)
const ttlOf = (cc: unknown): "5m" | "1h" =>
  isObj(cc) && cc.ttl === "1h" ? "1h" : "5m"

// Blocks inside a tool result's content may carry a breakpoint too: the
// prefix then ends within (so, for us, at) that result.
const innerBlocks = (b: unknown): unknown[] =>
  isObj(b) && Array.isArray(b.content) ? b.content : []

/** Whether a message block is a cache breakpoint (itself or a block inside it). */
export const isBreakpoint = (block: unknown): boolean =>
  marked(block) || innerBlocks(block).some(marked)

/** The caching a request body (or a bare messages array) asks for. */
export function cacheSetup(request: unknown): CacheSetup {
  const body: Obj = Array.isArray(request)
    ? { messages: request }
    : isObj(request)
      ? request
      : {}
  let explicit = 0
  let last: CachePoint | null = null
  let lastTtl: "5m" | "1h" = "5m"
  const mark = (b: Obj, at: CachePoint) => {
    explicit++
    last = at
    lastTtl = ttlOf(b.cache_control)
  }
  if (Array.isArray(body.tools))
    for (const t of body.tools) if (marked(t)) mark(t, { where: "tools" })
  if (Array.isArray(body.system))
    for (const b of body.system) if (marked(b)) mark(b, { where: "system" })
  const messages = Array.isArray(body.messages) ? body.messages : []
  for (let mi = 0; mi < messages.length; mi++) {
    const m: unknown = messages[mi]
    const content = isObj(m) ? m.content : undefined
    if (!Array.isArray(content)) continue
    for (let bi = 0; bi < content.length; bi++) {
      const at: CachePoint = {
        where: "message",
        messageIndex: mi,
        blockIndex: bi,
      }
      const b: unknown = content[bi]
      if (marked(b)) mark(b as Obj, at)
      for (const x of innerBlocks(b)) if (marked(x)) mark(x as Obj, at)
    }
  }
  const automatic = isObj(body.cache_control)
  return {
    automatic,
    explicit,
    last,
    error:
      explicit > MAX_BREAKPOINTS
        ? `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${explicit}.`
        : null,
    ttl: automatic ? ttlOf(body.cache_control) : lastTtl,
  }
}

/**
 * Where the setup's cached prefix ends in `sim.blocks`. Automatic caching,
 * or a breakpoint on the prompt's last block, caches the whole prompt.
 */
export function cacheReach(
  setup: CacheSetup,
  sim: SimulateSuccess
): CacheReach {
  if (setup.automatic) return { kind: "end", automatic: true }
  const p = setup.last
  if (p === null) return { kind: "none" }
  if (p.where !== "message") return { kind: "fixed", index: -1, point: p }
  const index = sim.blocks.findIndex(
    (b) => b.messageIndex === p.messageIndex && b.blockIndex === p.blockIndex
  )
  if (index < 0) return { kind: "none" }
  return index === sim.blocks.length - 1
    ? { kind: "end", automatic: false }
    : { kind: "fixed", index, point: p }
}

/**
 * How a whole session caches, request by request: to each request's end
 * (automatic caching, or a breakpoint on a message, which an agent moves to
 * each request's last block), a fixed prefix (tools or system only), or
 * nothing.
 */
export type SessionCaching = "end" | "prefix" | "none"

/** The session-wide caching of a setup (see SessionCaching). */
export function sessionCaching(setup: CacheSetup): SessionCaching {
  if (setup.automatic || setup.last?.where === "message") return "end"
  return setup.last === null ? "none" : "prefix"
}
