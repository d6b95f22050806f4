/**
 * The probe plan: every probe in order, each sending the fewest requests
 * that decide its switch. A probe whose answers do not decide leaves the
 * switch out of `settled` (its evidence says why); nothing is guessed.
 */
import { API_PROBES } from "./api-probes"
import { calibrationProbe } from "./calibration"
import { CLEARING_PROBES } from "./clearing-probes"
import type { Probe, ProbeContext } from "./kit"
import { BudgetExhausted, ProbeSession } from "./session"
import {
  continuationProbe,
  currentTurnProbe,
  redactedProbe,
  thinkingFirstProbe,
  turnsWithoutProbe,
} from "./thinking-probes"
import { TOOL_PROBES } from "./tool-probes"
import type {
  AssumptionKey,
  ProbeEvidence,
  ProbePlanOptions,
  ProbePlanResult,
  ProbeSend,
} from "./types"

/** The probes, in the order they run (later ones use earlier findings). */
export const PROBES: readonly Probe[] = [
  ...TOOL_PROBES,
  ...CLEARING_PROBES,
  currentTurnProbe,
  turnsWithoutProbe,
  redactedProbe,
  thinkingFirstProbe,
  continuationProbe,
  ...API_PROBES,
  calibrationProbe,
]

/** Requests the plan sends when every probe runs as planned. */
export const PLANNED_REQUESTS = PROBES.reduce((n, p) => n + p.planned, 0)

/** The switches some probe can decide. */
export const PROBED_KEYS: readonly AssumptionKey[] = PROBES.flatMap((p) =>
  p.key === "calibration" ? [] : [p.key]
)

/**
 * Runs the plan against `send` (answers like POST /v1/messages/count_tokens).
 * Rejects with the signal's reason when aborted.
 */
export async function runProbePlan(
  send: ProbeSend,
  options: ProbePlanOptions
): Promise<ProbePlanResult> {
  const session = new ProbeSession(
    send,
    options.model,
    PLANNED_REQUESTS,
    options.signal,
    options.onProgress
  )
  const ctx: ProbeContext = { session }
  const settled: Partial<Record<AssumptionKey, unknown>> = {}
  const evidence: ProbeEvidence[] = []
  for (const probe of PROBES) {
    let ev: ProbeEvidence
    try {
      ev = await probe.run(ctx)
    } catch (error) {
      if (!(error instanceof BudgetExhausted)) throw error
      evidence.push({
        probe: probe.id,
        key: probe.key,
        finding: error.message,
        requests: [],
      })
      break
    }
    evidence.push(ev)
    if (ev.key !== "calibration" && "value" in ev) settled[ev.key] = ev.value
  }
  options.onProgress?.(session.sent, session.sent)
  return {
    settled,
    evidence,
    ...(ctx.calibration ? { calibration: ctx.calibration } : {}),
    requests: session.sent,
  }
}
