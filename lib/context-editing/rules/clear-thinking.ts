/**
 * clear_thinking_20251015 and the implicit thinking default (spec §2.3):
 * keep the thinking of the N most recent thinking turns and remove the rest.
 * Observed (cookbook): the turn being generated — or the tool-loop turn in
 * progress — holds one of the N slots, so keep 1 clears every earlier turn.
 */
import { approx, fmt, intern, plural } from "../format"
import { decide, setBlock, type SimState } from "../state"
import type { Turn } from "../turns"
import type { EditTrace, TraceStep } from "../types"
import type { NClearThinking } from "../validate-edits"

const TYPE = "clear_thinking_20251015" as const

/** Who asked for the clearing: an edit, or the model's implicit default. */
export type ThinkingSource =
  { kind: "edit"; index: number } | { kind: "implicit"; modelName: string }

/** What one thinking pass did. */
export interface ThinkingOutcome {
  clearedTurns: number
  clearedTokens: number
  steps: TraceStep[]
  stoppedAt: string | null
}

function isThinking(s: SimState, i: number): boolean {
  const r = s.a.recs[i]!
  if (s.blocks[i] === null) return false
  return (
    r.kind === "thinking" ||
    (r.kind === "redacted_thinking" &&
      s.ctx.assumptions.redactedThinkingCountsAsThinking)
  )
}

/** Removes earlier thinking per `keep`; shared by the edit and the implicit default. */
export function clearThinking(
  s: SimState,
  keep: "all" | number,
  source: ThinkingSource
): ThinkingOutcome {
  const A = s.ctx.assumptions
  const T = s.total
  const steps: TraceStep[] = []
  const editIndex = source.kind === "edit" ? source.index : null
  const editType = source.kind === "edit" ? TYPE : null
  const assistant = s.a.turns.filter((t) => t.role === "assistant")
  const number = new Map<Turn, number>(assistant.map((t, k) => [t, k + 1]))
  const current = assistant.find((t) => t.current) ?? null
  const prior = assistant.filter((t) => t !== current)
  const has = (t: Turn) => t.recs.some((i) => isThinking(s, i))
  const thinkingPrior = prior.filter(has)
  const mark = (t: Turn, status: "kept_recent" | "kept", reason: string) => {
    for (const i of t.recs)
      if (isThinking(s, i)) decide(s, i, status, editIndex, editType, reason)
  }
  if (current)
    mark(
      current,
      "kept_recent",
      "Part of the turn in progress (tool loop) → always kept"
    )
  const who = source.kind === "edit" ? "keep" : `${source.modelName}'s default`
  if (keep === "all") {
    steps.push({
      id: "keep",
      outcome: "stop",
      text: `${who}: all → no thinking is cleared`,
    })
    const why =
      source.kind === "edit"
        ? "keep: all → all thinking is kept"
        : intern(
            `${source.modelName} keeps all earlier thinking by default (no clear_thinking edit) → kept`
          )
    for (const t of thinkingPrior)
      mark(t, source.kind === "edit" ? "kept_recent" : "kept", why)
    return { clearedTurns: 0, clearedTokens: 0, steps, stoppedAt: "keep" }
  }
  const slots = A.currentTurnHoldsKeepSlot ? keep - 1 : keep
  const holders = A.turnsWithoutThinkingHoldKeepSlot ? prior : thinkingPrior
  const keptPrior = new Set(slots > 0 ? holders.slice(-slots) : [])
  const victims = thinkingPrior.filter((t) => !keptPrior.has(t))
  const slotNote = A.currentTurnHoldsKeepSlot
    ? `${current ? "the turn in progress" : "the turn being generated"} holds 1 slot → ${plural(Math.max(0, slots), "earlier turn")} kept`
    : `${plural(keep, "earlier turn")} kept`
  steps.push({
    id: "keep",
    outcome: "info",
    text: `${who}: ${plural(keep, "thinking turn")} (${slotNote})`,
  })
  steps.push({
    id: "turns",
    outcome: "info",
    text: `${plural(thinkingPrior.length, "earlier assistant turn")} carr${thinkingPrior.length === 1 ? "ies" : "y"} thinking${A.turnsWithoutThinkingHoldKeepSlot && prior.length > thinkingPrior.length ? ` (${fmt(prior.length - thinkingPrior.length)} without thinking also take slots)` : ""}`,
  })
  const keptWhy = intern(
    `In one of the ${fmt(keep)} most recent thinking turns (keep: ${fmt(keep)}) → kept`
  )
  for (const t of thinkingPrior)
    if (keptPrior.has(t)) mark(t, "kept_recent", keptWhy)
  if (victims.length === 0) {
    steps.push({
      id: "result",
      outcome: "stop",
      text: `No earlier thinking turn beyond keep → nothing to clear${source.kind === "edit" ? " (no applied_edits entry)" : ""}`,
    })
    return { clearedTurns: 0, clearedTokens: 0, steps, stoppedAt: "result" }
  }
  for (const t of victims) {
    const n = number.get(t) ?? 0
    const why = intern(
      source.kind === "edit"
        ? `Thinking of assistant turn ${n} is older than the ${fmt(keep)} most recent thinking turn${keep === 1 ? "" : "s"} (keep: ${fmt(keep)}${A.currentTurnHoldsKeepSlot ? ", the current turn counts as one" : ""}) → removed`
        : `${source.modelName} keeps only the last turn's thinking by default (no clear_thinking edit) → assistant turn ${n}'s thinking is dropped`
    )
    for (const i of t.recs) {
      if (!isThinking(s, i)) continue
      setBlock(s, i, null, 0)
      decide(s, i, "removed", editIndex, editType, why)
    }
  }
  const freed = Math.max(0, Math.round(T - s.total))
  steps.push({
    id: "result",
    outcome: "pass",
    text: `Removed thinking from ${plural(victims.length, "turn")} (${approx(freed)} tokens): ${approx(T)} → ${approx(s.total)}`,
  })
  return {
    clearedTurns: victims.length,
    clearedTokens: freed,
    steps,
    stoppedAt: null,
  }
}

/** Runs a clear_thinking edit; keep null resolves to the model default. */
export function applyClearThinking(
  s: SimState,
  e: NClearThinking,
  defaultKeep: "all" | 1
): EditTrace {
  const T = s.total
  const keep = e.keep ?? defaultKeep
  const pre: TraceStep[] = [
    {
      id: "precondition",
      outcome: "pass",
      text: "Thinking is enabled → clear_thinking can run",
    },
  ]
  if (e.keep === null)
    pre.push({
      id: "default",
      outcome: "info",
      text: `No keep given → the model default (${defaultKeep === "all" ? "all" : "1 turn"})`,
    })
  const out = clearThinking(s, keep, { kind: "edit", index: e.index })
  const entry =
    out.clearedTurns > 0
      ? {
          type: TYPE,
          cleared_thinking_turns: out.clearedTurns,
          cleared_input_tokens: out.clearedTokens,
        }
      : null
  return {
    index: e.index,
    type: TYPE,
    applied: entry !== null,
    entry,
    tokensBefore: T,
    tokensAfter: s.total,
    steps: [...pre, ...out.steps],
    stoppedAt: out.stoppedAt,
  }
}
