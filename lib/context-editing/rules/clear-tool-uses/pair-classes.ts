/**
 * The keep-independent half of clear_tool_uses: which pairs are live,
 * answered, clearable, excluded or kept by a switch, with the counts the
 * trace reports. Cached per analysis and configuration, so a re-run that
 * changes only `keep` or the trigger skips this pass.
 */
import type { SimState } from "../state"

// Per-pair classification codes (hot loop: numbers, not objects or closures).
export const OFF = 1 // server/MCP result not clearable per assumption switch
export const ERROR_KEPT = 2 // error result kept per assumption switch
export const EXCLUDED = 3 // in exclude_tools (takes precedence over ERROR_KEPT)
export const CLEARABLE = 4

/** Per-pair classes and counts of one clear_tool_uses configuration. */
export interface PairClasses {
  cls: Uint8Array
  /** Record indices of live tool uses that have no result. */
  unansweredUses: number[]
  liveN: number
  answeredN: number
  clientLiveN: number
  offN: number
  poolN: number
  clearableN: number
  exN: number
}

const classCache = new WeakMap<object, Map<string, PairClasses>>()

/**
 * Classifies every pair once per analysis and configuration (exclude_tools
 * and the three clearability switches): a re-run that changes only `keep`
 * or the trigger skips this pass.
 */
export function classifyPairs(
  s: SimState,
  exclude: readonly string[],
  clearServer: boolean,
  clearMcp: boolean,
  clearErrors: boolean
): PairClasses {
  let byKey = classCache.get(s.a)
  if (!byKey) classCache.set(s.a, (byKey = new Map()))
  const key = `${+clearServer}${+clearMcp}${+clearErrors}${JSON.stringify(exclude)}`
  const hit = byKey.get(key)
  if (hit) return hit
  const recs = s.a.recs
  const pairs = s.a.pairs
  const np = pairs.length
  const cls = new Uint8Array(np)
  const out: PairClasses = {
    cls,
    unansweredUses: [],
    liveN: 0,
    answeredN: 0,
    clientLiveN: 0,
    offN: 0,
    poolN: 0,
    clearableN: 0,
    exN: 0,
  }
  const noIgnored = s.a.lastCompaction < 0
  let lastName: string | null = null
  let lastExcluded = false
  for (let k = 0; k < np; k++) {
    const p = pairs[k]!
    if (
      !noIgnored &&
      (recs[p.use]!.ignored || (p.result >= 0 && recs[p.result]!.ignored))
    )
      continue
    out.liveN++
    if (p.origin === "client") out.clientLiveN++
    if (p.result < 0) {
      out.unansweredUses.push(p.use)
      continue
    }
    out.answeredN++
    const allowed =
      p.origin === "client" || (p.origin === "server" ? clearServer : clearMcp)
    if (!allowed) {
      cls[k] = OFF
      out.offN++
      continue
    }
    out.poolN++
    // Names repeat: test each run of equal names once.
    if (exclude.length > 0 && p.name !== lastName) {
      lastName = p.name
      lastExcluded = exclude.includes(lastName)
    }
    if (lastExcluded) {
      cls[k] = EXCLUDED
      out.exN++
    } else if (p.isError && !clearErrors) cls[k] = ERROR_KEPT
    else {
      cls[k] = CLEARABLE
      out.clearableN++
    }
  }
  byKey.set(key, out)
  return out
}
