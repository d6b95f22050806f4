"use client"

import { useCallback, useMemo } from "react"

import {
  type SimulateOptions,
  type Timeline,
  timeline,
  type TimelineOptions,
} from "@/lib/context-editing"
import { compareWithLog } from "@/lib/real-usage/compare"
import { asLoggedRequest, billDollars } from "@/lib/real-usage/headline"
import { originRealUsage } from "@/lib/state/origin"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { useAgentSwitches } from "./agent-switches"

/** A strategy's price on an imported log: its bill, and what it costs the agent. */
export interface LogPrice {
  bill: number
  refetch: number
  infeasible: string | null
}

/**
 * For an imported log, prices a strategy's session as every other view
 * does: the bill over every call of the log (lib/real-usage/headline.ts
 * `billDollars`). Null without a log (the request's own session is priced).
 */
export function useLogPricing(
  body: Record<string, unknown>,
  options: SimulateOptions,
  tl: TimelineOptions
): ((session: Timeline) => LogPrice) | null {
  const usage = usePlaygroundStore((s) => originRealUsage(s.origin))
  const agent = useAgentSwitches()
  const own = useMemo(() => {
    if (!usage) return null
    const logged = asLoggedRequest(body, usage) ?? body
    return compareWithLog(timeline(logged, options, tl), usage, options)
  }, [usage, body, options, tl])
  const price = useCallback(
    (session: Timeline): LogPrice => {
      const c = compareWithLog(session, usage!, options, { agent })
      return {
        bill: billDollars(c, own!),
        refetch: c.refetch.dollars,
        infeasible: c.infeasible,
      }
    },
    [usage, options, agent, own]
  )
  return usage && own ? price : null
}
