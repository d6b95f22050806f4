/**
 * compact_20260112 (docs/semantics.md#compaction): the simulator cannot write the summary, but
 * it predicts whether compaction fires at this point of the edits, the
 * resulting stop_reason and where the returned block goes. Replayed
 * compaction blocks (everything before the last one is ignored) are applied
 * by simulate before any edit runs, as count_tokens does.
 */
import { approx, fmt, plural } from "../../request/format"
import type { ReplayInfo } from "../../request/analysis"
import type { SimState } from "../state"
import type { CompactionInfo, EditTrace, TraceStep } from "../../types"
import type { NCompact } from "../parse-edits"

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
