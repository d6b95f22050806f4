/**
 * The API's limit of four explicit cache breakpoints per request (DOC S-PC,
 * docs/semantics.md#prompt-cache): a fifth block with `cache_control` — on a tool definition, a
 * system block, a message block or a block inside a tool result — is a 400
 * before anything runs ("A maximum of 4 blocks with cache_control may be
 * provided. Found 5."). Automatic caching (top-level `cache_control`) is not
 * counted: the docs do not say whether it takes a slot.
 */
import type { Analysis } from "./analyze"
import { isObj, issue } from "./issues"
import type { JsonPath, SimulateError } from "../types"
import { MAX_BREAKPOINTS } from "./cache-setup"

const marked = (b: unknown): boolean =>
  isObj(b) && isObj((b as Record<string, unknown>).cache_control)

/** Paths of the message breakpoints up to the (MAX + 1)th, and the total. */
interface MessageMarks {
  total: number
  first: JsonPath[]
}

// Per analysis (so per messages array): a re-run with another edit config
// does not walk the blocks again.
const memo = new WeakMap<Analysis, MessageMarks>()

function messageMarks(a: Analysis): MessageMarks {
  const hit = memo.get(a)
  if (hit) return hit
  let total = 0
  const first: JsonPath[] = []
  const note = (path: JsonPath) => {
    if (first.length <= MAX_BREAKPOINTS) first.push(path)
    total++
  }
  const recs = a.recs
  for (let i = 0; i < recs.length; i++) {
    const b = recs[i]!.block
    // String content becomes a synthetic text block (never marked).
    if (b.cache_control !== undefined && marked(b))
      note(["messages", recs[i]!.mi, "content", recs[i]!.bi, "cache_control"])
    const inner = b.content
    if (Array.isArray(inner))
      for (let j = 0; j < inner.length; j++)
        if (marked(inner[j]))
          note([
            "messages",
            recs[i]!.mi,
            "content",
            recs[i]!.bi,
            "content",
            j,
            "cache_control",
          ])
  }
  const out = { total, first }
  memo.set(a, out)
  return out
}

/** The 400 for more than four explicit breakpoints, located at the fifth. */
export function checkCacheLimit(
  tools: readonly Record<string, unknown>[],
  system: unknown,
  a: Analysis
): SimulateError | null {
  const paths: JsonPath[] = []
  for (let i = 0; i < tools.length; i++)
    if (marked(tools[i])) paths.push(["tools", i, "cache_control"])
  if (Array.isArray(system))
    for (let i = 0; i < system.length; i++)
      if (marked(system[i])) paths.push(["system", i, "cache_control"])
  const m = messageMarks(a)
  const found = paths.length + m.total
  if (found <= MAX_BREAKPOINTS) return null
  const fifth = [...paths, ...m.first][MAX_BREAKPOINTS]!
  return issue(
    fifth,
    `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${found}.`,
    null
  )
}
