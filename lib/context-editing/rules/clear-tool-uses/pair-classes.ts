/**
 * The keep-independent half of clear_tool_uses: which pairs are live,
 * answered, clearable, excluded, too small or kept by a switch, with the
 * counts the trace reports. Every pair of the message list counts, those
 * before a replayed compaction block too (OBS, docs/semantics.md#clearing-after-compaction).
 * Cached per analysis and configuration, so a re-run that changes only
 * `keep` or the trigger skips this pass.
 */
import type { SimState } from "../state"
import { isSmallPair } from "./small-results"

// Per-pair classification codes (hot loop: numbers, not objects or closures).
export const OFF = 1 // server/MCP result not clearable per assumption switch
export const ERROR_KEPT = 2 // error result kept per assumption switch
export const EXCLUDED = 3 // in exclude_tools (takes precedence over ERROR_KEPT)
export const CLEARABLE = 4
export const SMALL = 5 // result too small to clear: never cleared, no keep slot

/** Per-pair classes and counts of one clear_tool_uses configuration. */
export interface PairClasses {
  cls: Uint8Array
  /** Record indices of live tool uses that have no result. */
  unansweredUses: number[]
  liveN: number
  answeredN: number
  clientLiveN: number
  offN: number
  /** Results too small to clear (docs/semantics.md#small-results). */
  smallN: number
  poolN: number
  clearableN: number
  exN: number
  /** Pairs whose blocks stand before a replayed compaction block. */
  hiddenN: number
}

const classCache = new WeakMap<object, Map<string, PairClasses>>()

/** The switches classifyPairs reads. */
export interface ClassSwitches {
  clearServer: boolean
  clearMcp: boolean
  clearErrors: boolean
  /** smallResultChars as a number (0: none is small). */
  small: number
  /** Whether clear_tool_inputs clears this tool's inputs (they count in a pair's size). */
  inputsFor: (name: string) => boolean
  /** clear_tool_inputs as given (part of the cache key). */
  inputs: boolean | readonly string[]
}

/**
 * Classifies every pair once per analysis and configuration (exclude_tools
 * and the clearability switches): a re-run that changes only `keep` or the
 * trigger skips this pass.
 */
export function classifyPairs(
  s: SimState,
  exclude: readonly string[],
  sw: ClassSwitches
): PairClasses {
  let byKey = classCache.get(s.a)
  if (!byKey) classCache.set(s.a, (byKey = new Map()))
  const { clearServer, clearMcp, clearErrors, small } = sw
  const key = `${+clearServer}${+clearMcp}${+clearErrors}:${small}:${JSON.stringify(exclude)}:${small > 0 ? JSON.stringify(sw.inputs) : ""}`
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
    smallN: 0,
    poolN: 0,
    clearableN: 0,
    exN: 0,
    hiddenN: 0,
  }
  let lastName: string | null = null
  let lastExcluded = false
  for (let k = 0; k < np; k++) {
    const p = pairs[k]!
    if (recs[p.use]!.ignored || (p.result >= 0 && recs[p.result]!.ignored))
      out.hiddenN++
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
    // Names repeat: test each run of equal names once.
    if (exclude.length > 0 && p.name !== lastName) {
      lastName = p.name
      lastExcluded = exclude.includes(lastName)
    }
    if (lastExcluded) {
      cls[k] = EXCLUDED
      out.exN++
      out.poolN++
    } else if (
      small > 0 &&
      isSmallPair(
        recs[p.result]!.block,
        recs[p.use]!.block,
        sw.inputsFor(p.name),
        small
      )
    ) {
      cls[k] = SMALL
      out.smallN++
    } else if (p.isError && !clearErrors) {
      cls[k] = ERROR_KEPT
      out.poolN++
    } else {
      cls[k] = CLEARABLE
      out.clearableN++
      out.poolN++
    }
  }
  byKey.set(key, out)
  return out
}
