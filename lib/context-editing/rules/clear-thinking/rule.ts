/**
 * clear_thinking_20251015 and the implicit thinking default
 * (docs/semantics.md#clear-thinking, #implicit-thinking-default):
 * keep the thinking of the N most recent thinking turns and remove the rest.
 * Observed (cookbook): the turn being generated — or the tool-loop turn in
 * progress — holds one of the N slots, so keep 1 clears every earlier turn.
 * Its words, defaults and limits are in kind.ts, the same rule on a
 * session's prefix sums in session.ts; the shape validator and the whole
 * (`clearThinkingRule`, registered in ../registry.ts) end this file.
 */
import { approx, fmt, intern, plural } from "../../request/format"
import { decide, setBlock, type SimState } from "../state"
import type { Turn } from "../../request/turns"
import type { EditTrace, TraceStep } from "../../types"
import { isObj, MSG } from "../../request/issues"
import type { EditRule } from "../edit-rule"
import { bad, type TypedRule, typedValue, type Validator } from "../shapes"
import type { NClearThinking } from "./kind"
import { clearThinkingSession } from "./session"

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

/** The assistant turns as clearThinking sees them. */
interface AssistantTurns {
  /** 1-based number of each assistant turn (for reasons). */
  number: Map<Turn, number>
  /** The tool-loop turn in progress, if any. */
  current: Turn | null
  /** Every other assistant turn, oldest first. */
  prior: Turn[]
  /** The prior turns that carry thinking. */
  thinkingPrior: Turn[]
}

function assistantTurns(s: SimState): AssistantTurns {
  const assistant = s.a.turns.filter((t) => t.role === "assistant")
  const current = assistant.find((t) => t.current) ?? null
  const prior = assistant.filter((t) => t !== current)
  return {
    number: new Map<Turn, number>(assistant.map((t, k) => [t, k + 1])),
    current,
    prior,
    thinkingPrior: prior.filter((t) => t.recs.some((i) => isThinking(s, i))),
  }
}

/** One pass: the state, who asked, and the trace it builds. */
interface ThinkingPass {
  s: SimState
  source: ThinkingSource
  editIndex: number | null
  editType: typeof TYPE | null
  /** How the trace names the keep ("keep" or the model's default). */
  who: string
  steps: TraceStep[]
}

/** Decides every thinking block of turn t. */
function markTurn(
  pass: ThinkingPass,
  t: Turn,
  status: "kept_recent" | "kept",
  reason: string
): void {
  for (const i of t.recs)
    if (isThinking(pass.s, i))
      decide(pass.s, i, status, pass.editIndex, pass.editType, reason)
}

/** Removes earlier thinking per `keep`; shared by the edit and the implicit default. */
export function clearThinking(
  s: SimState,
  keep: "all" | number,
  source: ThinkingSource
): ThinkingOutcome {
  const T = s.total
  const isEdit = source.kind === "edit"
  const pass: ThinkingPass = {
    s,
    source,
    editIndex: isEdit ? source.index : null,
    editType: isEdit ? TYPE : null,
    who: isEdit ? "keep" : `${source.modelName}'s default`,
    steps: [],
  }
  const turns = assistantTurns(s)
  if (turns.current)
    markTurn(
      pass,
      turns.current,
      "kept_recent",
      "Part of the turn in progress (tool loop) → always kept"
    )
  if (keep === "all") return keepAllThinking(pass, turns.thinkingPrior)
  const victims = keepRecentTurns(pass, turns, keep)
  if (victims.length === 0) {
    pass.steps.push({
      id: "result",
      outcome: "stop",
      text: `No earlier thinking turn beyond keep → nothing to clear${isEdit ? " (no applied_edits entry)" : ""}`,
    })
    return noneCleared(pass, "result")
  }
  removeThinking(pass, turns, victims, keep)
  const freed = Math.max(0, Math.round(T - s.total))
  pass.steps.push({
    id: "result",
    outcome: "pass",
    text: `Removed thinking from ${plural(victims.length, "turn")} (${approx(freed)} tokens): ${approx(T)} → ${approx(s.total)}`,
  })
  return {
    clearedTurns: victims.length,
    clearedTokens: freed,
    steps: pass.steps,
    stoppedAt: null,
  }
}

const noneCleared = (
  pass: ThinkingPass,
  stoppedAt: string
): ThinkingOutcome => ({
  clearedTurns: 0,
  clearedTokens: 0,
  steps: pass.steps,
  stoppedAt,
})

/** keep "all": every earlier thinking turn is kept. */
function keepAllThinking(
  pass: ThinkingPass,
  thinkingPrior: readonly Turn[]
): ThinkingOutcome {
  const { source } = pass
  pass.steps.push({
    id: "keep",
    outcome: "stop",
    text: `${pass.who}: all → no thinking is cleared`,
  })
  const why =
    source.kind === "edit"
      ? "keep: all → all thinking is kept"
      : intern(
          `${source.modelName} keeps all earlier thinking by default (no clear_thinking edit) → kept`
        )
  for (const t of thinkingPrior)
    markTurn(pass, t, source.kind === "edit" ? "kept_recent" : "kept", why)
  return noneCleared(pass, "keep")
}

/**
 * keep N (docs/semantics.md#thinking-keep): the N most recent thinking
 * turns hold their slots (the turn in progress or being generated holds
 * one per currentTurnHoldsKeepSlot;
 * turns without thinking take slots per turnsWithoutThinkingHoldKeepSlot).
 * Pushes the keep and turns steps, marks the kept turns; returns the
 * thinking turns to clear, oldest first.
 */
function keepRecentTurns(
  pass: ThinkingPass,
  turns: AssistantTurns,
  keep: number
): Turn[] {
  const A = pass.s.ctx.assumptions
  const { current, prior, thinkingPrior } = turns
  const slots = A.currentTurnHoldsKeepSlot ? keep - 1 : keep
  const holders = A.turnsWithoutThinkingHoldKeepSlot ? prior : thinkingPrior
  const keptPrior = new Set(slots > 0 ? holders.slice(-slots) : [])
  const victims = thinkingPrior.filter((t) => !keptPrior.has(t))
  const slotNote = A.currentTurnHoldsKeepSlot
    ? `${current ? "the turn in progress" : "the turn being generated"} holds 1 slot → ${plural(Math.max(0, slots), "earlier turn")} kept`
    : `${plural(keep, "earlier turn")} kept`
  pass.steps.push({
    id: "keep",
    outcome: "info",
    text: `${pass.who}: ${plural(keep, "thinking turn")} (${slotNote})`,
  })
  pass.steps.push({
    id: "turns",
    outcome: "info",
    text: `${plural(thinkingPrior.length, "earlier assistant turn")} carr${thinkingPrior.length === 1 ? "ies" : "y"} thinking${A.turnsWithoutThinkingHoldKeepSlot && prior.length > thinkingPrior.length ? ` (${fmt(prior.length - thinkingPrior.length)} without thinking also take slots)` : ""}`,
  })
  const keptWhy = intern(
    `In one of the ${fmt(keep)} most recent thinking turns (keep: ${fmt(keep)}) → kept`
  )
  for (const t of thinkingPrior)
    if (keptPrior.has(t)) markTurn(pass, t, "kept_recent", keptWhy)
  return victims
}

/** Removes the thinking blocks of the victim turns, saying why. */
function removeThinking(
  pass: ThinkingPass,
  turns: AssistantTurns,
  victims: readonly Turn[],
  keep: number
): void {
  const { s, source } = pass
  const holdsSlot = s.ctx.assumptions.currentTurnHoldsKeepSlot
  for (const t of victims) {
    const n = turns.number.get(t) ?? 0
    const why = intern(
      source.kind === "edit"
        ? `Thinking of assistant turn ${n} is older than the ${fmt(keep)} most recent thinking turn${keep === 1 ? "" : "s"} (keep: ${fmt(keep)}${holdsSlot ? ", the current turn counts as one" : ""}) → removed`
        : `${source.modelName} keeps only the last turn's thinking by default (no clear_thinking edit) → assistant turn ${n}'s thinking is dropped`
    )
    for (const i of t.recs) {
      if (!isThinking(s, i)) continue
      setBlock(s, i, null, 0)
      decide(s, i, "removed", pass.editIndex, pass.editType, why)
    }
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

const THINKING_KEEP: TypedRule = {
  tags: ["thinking_turns", "all"],
  min: 0,
  strict: true,
}

/** Shape of one clear_thinking_20251015 edit; keep null = the model's default. */
export const validateClearThinking: Validator<NClearThinking> = (
  e,
  index,
  p
) => {
  const k = e.keep
  if (k === undefined)
    return {
      ok: true,
      value: { type: "clear_thinking_20251015", index, keep: null },
    }
  if (k === "all")
    return {
      ok: true,
      value: { type: "clear_thinking_20251015", index, keep: "all" },
    }
  if (typeof k === "string") return bad([...p, "keep"], "Input should be 'all'")
  if (isObj(k) && k.type === "all") {
    for (const key of Object.keys(k))
      if (key !== "type") return bad([...p, "keep", key], MSG.extra)
    return {
      ok: true,
      value: { type: "clear_thinking_20251015", index, keep: "all" },
    }
  }
  const t = typedValue(e, p, "keep", THINKING_KEEP)
  if (!t.ok) return t
  return {
    ok: true,
    value: { type: "clear_thinking_20251015", index, keep: t.value.value },
  }
}

/** clear_thinking_20251015's behaviour (registered in ../registry.ts). */
export const clearThinkingRule: EditRule<NClearThinking> = {
  validate: validateClearThinking,
  apply: (s, e, ctx) => ({
    trace: applyClearThinking(s, e, ctx.defaultThinkingKeep),
  }),
  session: clearThinkingSession,
}
