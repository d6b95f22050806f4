/**
 * The three numbers of an imported log, on the same calls
 * (docs/semantics.md#session-replay): as logged (the bill), as replayed (the
 * engine with the log's own config, and its error against the bill), with
 * this config (the what-if); the headline is the what-if corrected by the
 * replay's own error.
 */
import {
  type SimulateOptions,
  type Timeline,
  timeline,
} from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"

import { compareWithLog, type RealComparison } from "./compare"

export interface ThreeNumbers {
  /** As logged: the bill, input side. */
  logged: number
  /** As replayed: the engine with the log's own config. */
  replayed: number
  /** The replay's error against the bill: replayed ÷ logged − 1. */
  replayError: number
  /** With this config: the engine with the page's config, its re-fetches included. */
  whatIf: number
  /** The part of `whatIf` the config's re-fetches and extra compaction summaries cost (docs/semantics.md#result-needs). */
  refetch: number
  /** The what-if corrected by the replay's error: whatIf × logged ÷ replayed. */
  corrected: number
  /** The page's config is the one the log was imported with. */
  sameConfig: boolean
}

const configOf = (r: Record<string, unknown>) => {
  const { messages: _m, ...rest } = r
  return JSON.stringify(rest)
}

/** The request with the config the log was imported with (null: none recorded). */
export function asLoggedRequest(
  request: Record<string, unknown>,
  usage: readonly RealUsage[]
): Record<string, unknown> | null {
  const config = usage[0]?.config
  if (!config) return null
  return { ...config, messages: request.messages }
}

/** The three numbers; `asLogged` is the comparison with the log's config (omit when it is the page's). */
export function threeNumbers(
  page: RealComparison,
  asLogged: RealComparison | null
): ThreeNumbers {
  const logged = page.realDollars
  const replayed = (asLogged ?? page).configDollars
  const whatIf =
    page.configDollars + page.refetch.dollars + page.summaries.dollars
  return {
    logged,
    replayed,
    replayError: logged > 0 ? replayed / logged - 1 : 0,
    whatIf,
    refetch: page.refetch.dollars + page.summaries.dollars,
    corrected: replayed > 0 ? (whatIf * logged) / replayed : whatIf,
    sameConfig: asLogged === null,
  }
}

/** The comparison with the log's own config, when the page's config differs (else null). */
export function compareAsLogged(
  request: Record<string, unknown>,
  usage: RealUsage[],
  options?: SimulateOptions
): RealComparison | null {
  const asLogged = asLoggedRequest(request, usage)
  if (!asLogged || configOf(asLogged) === configOf(request)) return null
  const t: Timeline = timeline(asLogged, options)
  return compareWithLog(t, usage, options)
}

/**
 * The one number every view shows for a config on a log: the what-if (its
 * re-fetches included) scaled by the replay's own error — `own` is the
 * comparison with the log's own config, whose bill this gives exactly.
 */
export function billDollars(page: RealComparison, own: RealComparison): number {
  const whatIf =
    page.configDollars + page.refetch.dollars + page.summaries.dollars
  return own.configDollars > 0
    ? (whatIf * own.realDollars) / own.configDollars
    : whatIf
}
