/**
 * Probes of how much clear_tool_uses clears (docs/semantics.md#small-results,
 * #clear-down-to-trigger), both via count_tokens: whether a short result
 * takes a `keep` slot, at three lengths, and whether clearing stops once
 * the prompt is below the trigger. Each reading is a share of the measured
 * count, never an estimate.
 */
import {
  ALWAYS,
  clearToolUses,
  clientPair,
  clientTools,
  edits,
  NEVER,
  prose,
} from "./fixtures"
import {
  decided,
  dominance,
  numbers,
  type Probe,
  type ProbeContext,
  undecided,
} from "./kit"
import { type Answer, freed } from "./session"

const start = { role: "user", content: "Look these up, then note it." }

/** A result of exactly `chars` characters (plain words). */
export function resultOfLength(chars: number): string {
  return "Noted for this session; see the running list of findings for the rest."
    .padEnd(chars, ".")
    .slice(0, chars)
}

/** A large lookup, then a call whose result has `chars` characters; keep 1. */
function shortLastBody(chars: number): Record<string, unknown> {
  return {
    tools: clientTools(["lookup", "note"]),
    messages: [
      start,
      ...clientPair("toolu_probe_s1", "lookup", prose(3000, 21)),
      ...clientPair("toolu_probe_s2", "note", resultOfLength(chars)),
    ],
    context_management: edits(clearToolUses(ALWAYS, 1)),
  }
}

/** The lengths tried, and the switch value each pattern of answers means. */
const LENGTHS = [20, 50, 60] as const

/** The value whose limit fits "counts" answers at LENGTHS (null: none does). */
function limitFor(counts: readonly boolean[]): "0" | "44" | "54" | null {
  const key = counts.map((c) => (c ? "c" : "s")).join("")
  if (key === "ccc") return "0"
  if (key === "scc") return "44"
  if (key === "ssc") return "54"
  return null
}

/**
 * smallResultChars: a large result, then a short one, keep 1. If the short
 * result takes the keep slot, the large one is cleared (most of the
 * prompt); if it is too small to count, keep 1 holds the large one and
 * nothing is freed.
 */
export const smallResultsProbe: Probe = {
  id: "small-results",
  key: "smallResultChars",
  planned: LENGTHS.length,
  async run(ctx: ProbeContext) {
    const all = await ctx.session.countEach(
      LENGTHS.map((n): [string, Record<string, unknown>] => [
        `large result, then a ${n}-character result; keep 1`,
        shortLastBody(n),
      ])
    )
    const readings = all.map((a) => dominance(a))
    if (readings.some((r) => r === null))
      return undecided(
        this,
        `An answer fits neither reading: ${all.map(numbers).join("; ")}.`,
        all
      )
    const counts = readings.map((r) => r === "cleared")
    const said = LENGTHS.map(
      (n, i) =>
        `${n} characters ${counts[i] ? "took the keep slot" : "took none"}`
    ).join(", ")
    const value = limitFor(counts)
    return value === null
      ? undecided(this, `${said}: no value of the switch fits.`, all)
      : decided(
          this,
          value,
          `${said} (${all.map(numbers).join("; ")}): ${value === "0" ? "every result counts" : `results up to ${value} characters are skipped`}.`,
          all
        )
  },
}

/** Three lookups (≈1,000, 3,000 and 3,000 tokens), keep 0, trigger given. */
function threeLookups(trigger: {
  type: "input_tokens"
  value: number
}): Record<string, unknown> {
  return {
    tools: clientTools(["lookup"]),
    messages: [
      start,
      ...clientPair("toolu_probe_d1", "lookup", prose(1000, 22)),
      ...clientPair("toolu_probe_d2", "lookup", prose(3000, 23)),
      ...clientPair("toolu_probe_d3", "lookup", prose(3000, 24)),
    ],
    context_management: edits(clearToolUses(trigger, 0)),
  }
}

/** Reads the trigger answer: a small share freed → stops, most → clears all. */
function readStop(a: Answer): boolean | null {
  const f = freed(a)
  if (!a.ok || f === null || a.original === null || a.original <= 0) return null
  if (f >= a.original / 2) return false
  return f > 0 && f <= 0.3 * a.original ? true : null
}

/**
 * clearDownToTrigger: count three lookups, then set the trigger 5 % below
 * that count with keep 0. Clearing the first (≈14 % of the prompt) brings
 * it under the trigger: a server that stops there frees that much, one
 * that clears all but keep frees nearly all of it.
 */
export const downToTriggerProbe: Probe = {
  id: "down-to-trigger",
  key: "clearDownToTrigger",
  planned: 2,
  async run(ctx: ProbeContext) {
    const s = ctx.session
    const m = await s.count(
      "three lookups, trigger above the prompt (measures it)",
      threeLookups(NEVER)
    )
    if (!m.ok || m.original === null || m.input !== m.original) {
      s.skip(1)
      return undecided(this, `Could not measure the prompt: ${numbers(m)}.`, [
        m,
      ])
    }
    const value = m.original - Math.round(m.original * 0.05)
    const a = await s.count(
      `trigger ${value} (5 % below the measured ${m.original}), keep 0`,
      threeLookups({ type: "input_tokens", value })
    )
    const stop = readStop(a)
    if (stop === null)
      return undecided(
        this,
        `${numbers(a)}: neither the first lookup alone nor all three.`,
        [m, a]
      )
    return decided(
      this,
      stop,
      stop
        ? `${numbers(a)}: only the oldest lookup was cleared, enough to bring the prompt under the trigger, so clearing stops there.`
        : `${numbers(a)}: every lookup was cleared though the first alone brought the prompt under the trigger, so clearing takes all but keep.`,
      [m, a]
    )
  },
}

export const CLEARING_PROBES: readonly Probe[] = [
  smallResultsProbe,
  downToTriggerProbe,
]
