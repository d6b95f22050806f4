/**
 * compact_20260112 (docs/semantics.md#compaction): the simulator cannot write the summary, but
 * it predicts whether compaction fires at this point of the edits, the
 * resulting stop_reason and where the returned block goes. Replayed
 * compaction blocks (everything before the last one is ignored) are applied
 * by simulate before any edit runs, as count_tokens does. Its words,
 * defaults and limits are in kind.ts; the shape validator and the whole
 * (`compactRule`, with its one-line session restatement; registered in
 * ../registry.ts) end this file.
 */
import { approx, fmt, plural } from "../../request/format"
import type { ReplayInfo } from "../../request/analysis"
import type { SimState } from "../state"
import type { CompactionInfo, EditTrace, TraceStep } from "../../types"
import { issue, MSG } from "../../request/issues"
import type { EditRule } from "../edit-rule"
import { typedValue, type TypedRule, type Validator, bad } from "../shapes"
import { compactKind, type NCompact } from "./kind"

const TYPE = "compact_20260112" as const

/** Evaluates a compact edit against the current token count. */
export function applyCompact(
  s: SimState,
  e: NCompact,
  replay: ReplayInfo
): { trace: EditTrace; info: CompactionInfo } {
  const T = s.total
  const cmp = s.ctx.assumptions.compactionTriggerComparison
  const fires = cmp === "gte" ? T >= e.trigger : T > e.trigger
  const steps: TraceStep[] = []
  if (replay.replayedAt)
    steps.push({
      id: "replay",
      outcome: "info",
      text: `Replayed compaction block at messages[${replay.replayedAt.messageIndex}].content[${replay.replayedAt.blockIndex}]: ${plural(replay.ignoredBlocks, "earlier block")} (${approx(replay.ignoredTokens)} tokens) ignored`,
    })
  const sign = cmp === "gte" ? (fires ? "≥" : "<") : fires ? ">" : "≤"
  if (!fires) {
    steps.push({
      id: "trigger",
      outcome: "stop",
      text: `${approx(T)} input tokens ${sign} trigger ${fmt(e.trigger)} → no compaction yet (it fires once the prompt reaches the trigger; the lowest allowed trigger is 50,000)`,
    })
  } else {
    steps.push({
      id: "trigger",
      outcome: "pass",
      text: `${approx(T)} input tokens ${sign} trigger ${fmt(e.trigger)} → the server summarises the conversation first`,
    })
    steps.push({
      id: "block",
      outcome: "info",
      text: "The response starts with a `compaction` block; append the whole response as usual, and later requests ignore everything before it",
    })
    steps.push(
      e.pause
        ? {
            id: "stop_reason",
            outcome: "info",
            text: 'pause_after_compaction: true → the response holds only the compaction block, stop_reason "compaction"',
          }
        : {
            id: "stop_reason",
            outcome: "info",
            text: "pause_after_compaction: false → the reply continues on the compacted context (usage.iterations lists the compaction step)",
          }
    )
  }
  steps.push({
    id: "count_tokens",
    outcome: "info",
    text: "count_tokens never triggers a new compaction; compaction has no applied_edits entry",
  })
  const info: CompactionInfo = {
    editIndex: e.index,
    fires,
    onDemand: false,
    trigger: e.trigger,
    tokensAtCheck: T,
    pauseAfterCompaction: e.pause,
    predictedStopReason: fires && e.pause ? "compaction" : null,
    ...replay,
    instructions: e.instructions,
  }
  return {
    trace: {
      index: e.index,
      type: TYPE,
      applied: fires,
      entry: null,
      tokensBefore: T,
      tokensAfter: T,
      steps,
      stoppedAt: fires ? null : "trigger",
    },
    info,
  }
}

const D = compactKind.defaults
// The minimum is checked afterwards, with its own wording.
const TRIGGER: TypedRule = {
  tags: ["input_tokens"],
  min: Number.NEGATIVE_INFINITY,
}

/** Shape of one compact_20260112 edit, with its defaults filled in. */
export const validateCompact: Validator<NCompact> = (e, index, p) => {
  const out: NCompact = {
    type: "compact_20260112",
    index,
    trigger: D.trigger.value,
    pause: D.pause_after_compaction,
    instructions: D.instructions,
  }
  if (e.trigger != null) {
    const t = typedValue(e, p, "trigger", TRIGGER)
    if (!t.ok) return t
    const min = compactKind.limits.compactionTriggerMin
    // OBS (live 400s, 2026-09): the minimum has its own wording, which
    // replaced the Pydantic-style "Input should be greater than or equal to".
    if (t.value.value < min)
      return {
        ok: false,
        error: issue(
          [...p, "trigger", "value"],
          `${[...p, "compact_20260112"].join(".")}: trigger.value must be at least ${min}`,
          null
        ),
      }
    out.trigger = t.value.value
  }
  // The SDK types it `pause_after_compaction?: boolean`, but the API
  // accepts `null` like an absent field (OBS, live requests answered 200).
  if (e.pause_after_compaction != null) {
    if (typeof e.pause_after_compaction !== "boolean")
      return bad([...p, "pause_after_compaction"], MSG.bool)
    out.pause = e.pause_after_compaction
  }
  if (e.instructions != null) {
    if (typeof e.instructions !== "string")
      return bad([...p, "instructions"], MSG.string)
    out.instructions = e.instructions
  }
  return { ok: true, value: out }
}

/** compact_20260112's behaviour (registered in ../registry.ts). */
export const compactRule: EditRule<NCompact> = {
  validate: validateCompact,
  apply: (s, e, ctx) => {
    const r = applyCompact(s, e, ctx.replayed)
    return { trace: r.trace, compaction: r.info }
  },
  // Restated on a session: whether the trigger is reached (the summary that
  // follows is the session engine's, session/summary.ts).
  session: {
    once: false,
    step(b, e, _at, r) {
      const gte = b.A.compactionTriggerComparison === "gte"
      r.compacted = gte ? r.T >= e.trigger : r.T > e.trigger
    },
  },
}
