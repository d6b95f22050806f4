"use client"

import { useMemo, useState } from "react"

import {
  cacheSetup,
  type SimulateOptions,
  sessionCaching,
  writePrice,
} from "@/lib/context-editing"
import { originRealUsage } from "@/lib/state/origin"

import { useRefineStatus } from "@/components/tokens/refine-status"
import { countedTexts } from "@/components/tokens/refiner"

import { usePlaygroundStore } from "../../store/playground-store-provider"
import { useAgentSwitches } from "../agent-switches"

/** The request as an object (null: a bare messages array or nothing). */
export const asBody = (r: unknown): Record<string, unknown> | null =>
  r !== null && typeof r === "object" && !Array.isArray(r)
    ? (r as Record<string, unknown>)
    : null

/**
 * What the tuner searches: the session without its edits, the switches,
 * the calibration, the session's caching and, once the header shows counted
 * numbers, its BPE counts.
 */
export function useTuneInput(latest: unknown) {
  const assumptions = usePlaygroundStore((s) => s.assumptions)
  const calibration = usePlaygroundStore((s) => s.calibration)
  const estimator = usePlaygroundStore((s) => s.tokenEstimator)
  const refine = useRefineStatus().state
  // An imported log: configs are priced over every call of it (its bill),
  // with the agent's assumed behaviour the Timeline shows.
  const usage = usePlaygroundStore((s) => originRealUsage(s.origin))
  const agent = useAgentSwitches()
  // The header's BPE counts, once it shows counted numbers (one search per
  // counted state, not one per batch of the counting).
  const counts = useMemo(
    () => (estimator && refine === "counted" ? countedTexts() : undefined),
    [estimator, refine]
  )
  // The search depends on the session, not on the config being tried: a
  // change of context_management alone (Apply, an edit form) keeps the
  // result on screen, and the focus on the Apply button pressed.
  const session = useSessionWithoutEdits(asBody(latest))
  const input = useMemo(() => {
    const body = session
    const setup = cacheSetup(session)
    return {
      request: body,
      options: {
        assumptions: assumptions as SimulateOptions["assumptions"],
        calibration,
      },
      timeline: {
        caching: sessionCaching(setup),
        writePrice: writePrice(setup),
      },
      ...(counts ? { counts } : {}),
      ...(usage ? { usage } : {}),
      agent,
    }
  }, [session, assumptions, calibration, counts, usage, agent])
  return input
}

/**
 * The request without its context_management, as the same object while
 * only context_management changes (the store replaces just the parts it
 * changes, so the other fields keep their identity).
 */
function useSessionWithoutEdits(
  body: Record<string, unknown> | null
): Record<string, unknown> | null {
  const rest = useMemo(() => {
    if (!body) return null
    const { context_management: cm, ...others } = body
    // A compaction edit stays: a conversation with compaction blocks needs
    // one, and the tuner keeps its trigger in every config it tries.
    const compact = compactEdits(cm)
    return compact ? { ...others, context_management: compact } : others
  }, [body])
  const [stable, setStable] = useState(rest)
  if (sameFields(stable, rest)) return stable
  setStable(rest) // derived state: kept until another field changes
  return rest
}

/** The request's compact_20260112 edits alone, or undefined when it has none. */
function compactEdits(cm: unknown): { edits: unknown[] } | undefined {
  const edits = (cm as { edits?: unknown } | null | undefined)?.edits
  if (!Array.isArray(edits)) return undefined
  const compact = edits.filter(
    (e) => (e as { type?: unknown } | null)?.type === "compact_20260112"
  )
  return compact.length > 0 ? { edits: compact } : undefined
}

function sameFields(
  a: Record<string, unknown> | null,
  b: Record<string, unknown> | null
): boolean {
  if (a === null || b === null) return a === b
  const keys = Object.keys(b)
  return (
    Object.keys(a).length === keys.length &&
    keys.every((k) =>
      k === "context_management" // rebuilt on every change: compare its text
        ? JSON.stringify(a[k]) === JSON.stringify(b[k])
        : Object.is(a[k], b[k])
    )
  )
}
