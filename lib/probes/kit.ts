/**
 * What every probe shares: its shape, the run's context, and the readings
 * that turn answers into a value (or into "undecided").
 */
import type { ThinkingMode } from "./fixtures"
import { type Answer, freed, type ProbeSession } from "./session"
import type { AssumptionKey, ProbeCalibration, ProbeEvidence } from "./types"
import { formatNumber } from "@/lib/format/number"

/** Facts one probe finds that later probes build on. */
export interface ProbeContext {
  session: ProbeSession
  /** Thinking setting the model accepts (null: neither works). */
  thinkingMode?: ThinkingMode | null
  /** The settled currentTurnHoldsKeepSlot (null: undecided). */
  currentTurnHolds?: boolean | null
  /** The trigger probe's measured prompt (for the token factor). */
  measured?: { body: Record<string, unknown>; tokens: number }
  /** Filled by the calibration probe. */
  calibration?: ProbeCalibration
}

/** One probe: the switch it decides and the requests it usually sends. */
export interface Probe {
  id: string
  key: AssumptionKey | "calibration"
  planned: number
  run(ctx: ProbeContext): Promise<ProbeEvidence>
}

/** Evidence with a value (placed after probe and key, as stored runs show it). */
export function decided(
  probe: Probe,
  value: unknown,
  finding: string,
  answers: Answer[]
): ProbeEvidence {
  const { probe: id, key, ...rest } = undecided(probe, finding, answers)
  return { probe: id, key, value, ...rest }
}

/** Evidence without a value: the answers do not decide the switch. */
export function undecided(
  probe: Probe,
  finding: string,
  answers: Answer[]
): ProbeEvidence {
  return {
    probe: probe.id,
    key: probe.key,
    finding,
    requests: answers.map((a) => a.record),
  }
}

const fmt = formatNumber

/** "original → input (freed N)" for a finding. */
export function numbers(a: Answer): string {
  if (!a.ok) return `HTTP ${a.status}: ${a.message}`
  if (a.original === null) return `${fmt(a.input)} input tokens`
  return `${fmt(a.original)} → ${fmt(a.input)} tokens (freed ${fmt(a.original - a.input)})`
}

/**
 * Reads a probe whose deciding block holds most of the prompt: "cleared"
 * when the edits freed at least half of the measured original count, "kept"
 * when they freed at most `keptShare` of it (0: exactly nothing), else null
 * (an answer between the two cannot be attributed).
 */
export function dominance(a: Answer, keptShare = 0): "cleared" | "kept" | null {
  const f = freed(a)
  if (!a.ok || f === null || a.original === null || a.original <= 0) return null
  if (f >= a.original / 2) return "cleared"
  if (keptShare === 0 ? f === 0 : f >= 0 && f <= keptShare * a.original)
    return "kept"
  return null
}

/** The answer was an error that says `pattern`. */
export function rejectedFor(a: Answer, pattern: RegExp): boolean {
  return !a.ok && a.status === 400 && pattern.test(a.message)
}

/**
 * Reads a request the API either accepts or rejects: accepted ↦
 * `ifAccepted`, rejected with a message matching `pattern` ↦ its opposite,
 * any other answer undecided (`otherReason` opens that finding).
 */
export function acceptedOrRejected(
  probe: Probe,
  a: Answer,
  pattern: RegExp,
  ifAccepted: boolean,
  acceptedMeans: string,
  otherReason = "Rejected for another reason"
): ProbeEvidence {
  if (a.ok)
    return decided(
      probe,
      ifAccepted,
      `Accepted (${numbers(a)}): ${acceptedMeans}`,
      [a]
    )
  if (rejectedFor(a, pattern))
    return decided(probe, !ifAccepted, `Rejected: “${a.message}”`, [a])
  return undecided(probe, `${otherReason}: ${numbers(a)}.`, [a])
}

/** One request of a dominance probe and what each reading says. */
export interface DominanceRequest {
  label: string
  body: Record<string, unknown>
  say: { cleared: string; kept: string }
  /** See `dominance`: the share of the prompt "kept" may still free. */
  keptShare?: number
}

/** Runs a dominance probe: one request, "cleared" ↦ true, "kept" ↦ false. */
export async function oneDominance(
  probe: Probe,
  ctx: ProbeContext,
  { label, body, say, keptShare = 0 }: DominanceRequest
): Promise<ProbeEvidence> {
  const a = await ctx.session.count(label, body)
  const reading = dominance(a, keptShare)
  if (reading === null)
    return undecided(
      probe,
      `${numbers(a)}: neither the large block cleared nor ${keptShare ? "only the small ones" : "nothing"} — no value fits.`,
      [a]
    )
  return decided(
    probe,
    reading === "cleared",
    `${numbers(a)}: ${say[reading]}`,
    [a]
  )
}

/** A probe that needs nothing from earlier probes: one dominance request. */
export function dominanceProbe(
  id: string,
  key: AssumptionKey,
  request: DominanceRequest
): Probe {
  return {
    id,
    key,
    planned: 1,
    run(ctx) {
      return oneDominance(this, ctx, request)
    },
  }
}
