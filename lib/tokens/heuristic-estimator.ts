import { extensionsVersion } from "@/lib/extensions/registry"

import {
  countBlockRaw,
  countWithContent,
  finish,
  FRAMING,
  isObj,
  setCountingFamily,
  str,
  TOOL_DEFINITION,
  type Obj,
} from "./block-count"
import { rawJsonTokens } from "./json-walk"
import { rawTextTokens, REFINING, type RefineTable } from "./text"
import type { EstimateContext, TokenEstimator } from "./types"

/**
 * For estimators made by createHeuristicEstimator (null for any other): a
 * cache-free count of `{ ...block, content }` that does not build the copy
 * (clear_tool_uses counts thousands of emptied results in a long session).
 */
export function replacedContentCounter(
  estimator: TokenEstimator
): ((block: Obj, content: string, ctx: EstimateContext) => number) | null {
  return UNCACHED.has(estimator) ? countWithContent : null
}

const UNCACHED = new WeakSet<TokenEstimator>()

/**
 * A cache-free countBlock with the same results, for estimators made by
 * createHeuristicEstimator (null for any other estimator). Counting is
 * O(1)-ish per block (text is sampled), so a caller that already caches
 * its own results (the simulator caches per messages array) saves the
 * WeakMap work of the estimator's identity cache.
 */
export function uncachedBlockCounter(
  estimator: TokenEstimator
): ((block: unknown, ctx: EstimateContext) => number) | null {
  return UNCACHED.has(estimator)
    ? countBlockRaw
    : (RAW_REFINED.get(estimator) ?? null)
}

/** Raw tokens of the tool definitions the prompt shows. */
function toolsRaw(tools: readonly unknown[]): number {
  let raw = 0
  for (const t of tools) {
    // docs (tool search): a tool with defer_loading is not in the prompt
    // until a tool_reference loads it.
    if (!isObj(t) || t.defer_loading === true) continue
    // Client tools are rendered from name + description + schema; server
    // tools (typed, e.g. web_search_20250305) by their small definition.
    const shown =
      t.input_schema !== undefined
        ? {
            name: t.name,
            description: t.description,
            input_schema: t.input_schema,
          }
        : t
    raw +=
      rawJsonTokens(shown) +
      (t.input_schema !== undefined ? TOOL_DEFINITION : 0)
  }
  return raw
}

/**
 * Creates the default chars-per-token estimator. Per-block results are cached
 * in a WeakMap keyed by block identity (per family/factor), so re-simulating
 * the same conversation with a different edit config re-uses them.
 */
export function createHeuristicEstimator(refine?: RefineTable): TokenEstimator {
  const caches = new Map<string, WeakMap<object, number>>()
  // Most calls repeat the previous context: skip the key building then.
  let last: {
    family: string
    factor: number
    version: number
    cache: WeakMap<object, number>
  } | null = null
  const cacheFor = (ctx: EstimateContext) => {
    // Installing an extension (the PDF reader) changes counts: new caches.
    const version = extensionsVersion()
    if (
      last &&
      last.family === ctx.family &&
      last.factor === ctx.factor &&
      last.version === version
    )
      return last.cache
    const key = `${ctx.family}:${ctx.factor}:${version}`
    let c = caches.get(key)
    if (!c) {
      c = new WeakMap()
      caches.set(key, c)
    }
    last = { family: ctx.family, factor: ctx.factor, version, cache: c }
    return c
  }
  const countText = (text: string, ctx: EstimateContext) => {
    setCountingFamily(ctx)
    return finish(rawTextTokens(text), 0, ctx)
  }
  const estimator: TokenEstimator = {
    id: refine ? "refined-v1" : "heuristic-v1",
    countBlock(block, ctx) {
      if (!isObj(block))
        return typeof block === "string" ? countText(block, ctx) : 0
      const cache = cacheFor(ctx)
      const hit = cache.get(block)
      if (hit !== undefined) return hit
      const n = countBlockRaw(block, ctx)
      cache.set(block, n)
      return n
    },
    countSystem(system, ctx) {
      if (typeof system === "string") return countText(system, ctx)
      setCountingFamily(ctx)
      if (!Array.isArray(system)) return 0
      let raw = 0
      for (const b of system) raw += isObj(b) ? rawTextTokens(str(b.text)) : 0
      return finish(raw, 0, ctx)
    },
    countTools: (tools, ctx) => {
      setCountingFamily(ctx)
      return finish(toolsRaw(tools), 0, ctx)
    },
    countText,
    messageOverhead: (ctx) => finish(FRAMING.message, 0, ctx),
    scaleOverhead: (tokens, ctx) => finish(tokens, 0, ctx),
  }
  if (!refine) {
    UNCACHED.add(estimator)
    return estimator
  }
  return withTable(estimator, refine)
}

/** Runs `fn` with `table` as the text counter's refine table. */
function using<T>(table: RefineTable, fn: () => T): T {
  const prev = REFINING.table
  REFINING.table = table
  try {
    return fn()
  } finally {
    REFINING.table = prev
  }
}

/** The estimator's methods, each run with the refine table active. */
function withTable(e: TokenEstimator, table: RefineTable): TokenEstimator {
  const raw: TokenEstimator["countBlock"] = (block, ctx) =>
    using(table, () => countBlockRaw(block, ctx))
  const refined: TokenEstimator = {
    id: e.id,
    countBlock: (b, ctx) => using(table, () => e.countBlock(b, ctx)),
    countSystem: (s, ctx) => using(table, () => e.countSystem(s, ctx)),
    countTools: (t, ctx) => using(table, () => e.countTools(t, ctx)),
    countText: (t, ctx) => using(table, () => e.countText(t, ctx)),
    messageOverhead: e.messageOverhead,
    scaleOverhead: e.scaleOverhead,
  }
  RAW_REFINED.set(refined, raw)
  return refined
}

const RAW_REFINED = new WeakMap<
  TokenEstimator,
  (block: unknown, ctx: EstimateContext) => number
>()

/** The shared default estimator (its caches are weak, so sharing is safe). */
export const defaultEstimator: TokenEstimator = createHeuristicEstimator()
