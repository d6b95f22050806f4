/**
 * Probes of clear_thinking_20251015, the implicit thinking default and the
 * thinking rules of the Messages API. Thinking blocks carry a
 * signature-shaped field; a model that rejects the request leaves the
 * switch undecided.
 */
import {
  ask,
  askWith,
  assistantTurn,
  clearThinking,
  clearToolUses,
  clientPair,
  clientTools,
  edits,
  NEVER,
  opaque,
  prose,
  thinking,
  type ThinkingMode,
  thinkingParam,
} from "./fixtures"
import {
  acceptedOrRejected,
  decided,
  dominance,
  numbers,
  oneDominance,
  type Probe,
  type ProbeContext,
  undecided,
} from "./kit"
import type { Answer } from "./session"

const BIG = 3000

/** One earlier turn with large thinking, then a new question. */
function currentTurnBody(mode: ThinkingMode): Record<string, unknown> {
  return {
    thinking: thinkingParam(mode),
    messages: [ask(1), assistantTurn(thinking(prose(BIG, 21), 1), 1), ask(2)],
    context_management: edits(clearThinking(1)),
  }
}

/**
 * currentTurnHoldsKeepSlot, and which thinking setting the model takes:
 * keep 1 after a fresh question clears the earlier turn only if the turn
 * being generated holds the slot (cookbook observation).
 */
export const currentTurnProbe: Probe = {
  id: "current-turn-slot",
  key: "currentTurnHoldsKeepSlot",
  planned: 1,
  async run(ctx: ProbeContext) {
    const s = ctx.session
    const tried: Answer[] = []
    for (const mode of ["enabled", "adaptive"] as const) {
      const a = await s.count(
        `thinking ${mode}: one earlier thinking turn, keep 1`,
        currentTurnBody(mode)
      )
      tried.push(a)
      if (!a.ok) continue
      ctx.thinkingMode = mode
      const r = dominance(a)
      ctx.currentTurnHolds = r === null ? null : r === "cleared"
      if (r === null)
        return undecided(
          this,
          `${numbers(a)}: the earlier thinking was neither cleared nor kept whole.`,
          tried
        )
      return decided(
        this,
        r === "cleared",
        r === "cleared"
          ? `${numbers(a)}: keep 1 cleared the only earlier thinking turn, so the turn being generated holds the slot.`
          : `${numbers(a)}: keep 1 kept the earlier thinking turn, so the turn being generated holds no slot.`,
        tried
      )
    }
    ctx.thinkingMode = null
    return undecided(
      this,
      `The model took neither thinking setting: ${tried.map(numbers).join("; ")}.`,
      tried
    )
  },
}

function needsThinking(probe: Probe, ctx: ProbeContext) {
  ctx.session.skip(probe.planned)
  return undecided(
    probe,
    "Not asked: the model accepted no thinking request.",
    []
  )
}

/** turnsWithoutThinkingHoldKeepSlot: a thinking turn, then a turn without thinking. */
export const turnsWithoutProbe: Probe = {
  id: "turns-without-thinking",
  key: "turnsWithoutThinkingHoldKeepSlot",
  planned: 1,
  run(ctx) {
    if (!ctx.thinkingMode || ctx.currentTurnHolds == null)
      return Promise.resolve(needsThinking(this, ctx))
    // One slot for earlier turns, whichever way the current turn counts.
    const keep = ctx.currentTurnHolds ? 2 : 1
    return oneDominance(this, ctx, {
      label: `thinking turn, then a turn without thinking; keep ${keep}`,
      body: {
        thinking: thinkingParam(ctx.thinkingMode),
        messages: [
          ask(1),
          assistantTurn(thinking(prose(BIG, 22), 2), 1),
          ask(2),
          assistantTurn(null, 2),
          ask(3),
        ],
        context_management: edits(clearThinking(keep)),
      },
      say: {
        cleared:
          "the thinking turn was cleared: the later turn without thinking took the one slot",
        kept: "the thinking turn was kept: a turn without thinking takes no slot",
      },
    })
  },
}

/** redactedThinkingCountsAsThinking: a large redacted turn, then a small thinking turn; keep 1. */
export const redactedProbe: Probe = {
  id: "redacted-thinking",
  key: "redactedThinkingCountsAsThinking",
  planned: 1,
  run(ctx) {
    if (!ctx.thinkingMode) return Promise.resolve(needsThinking(this, ctx))
    return oneDominance(this, ctx, {
      label: "large redacted_thinking turn, then a small thinking turn; keep 1",
      body: {
        thinking: thinkingParam(ctx.thinkingMode),
        messages: [
          ask(1),
          assistantTurn(
            { type: "redacted_thinking", data: opaque(BIG * 4, 23) },
            1
          ),
          ask(2),
          assistantTurn(thinking(prose(80, 24), 3), 2),
          ask(3),
        ],
        context_management: edits(clearThinking(1)),
      },
      say: {
        cleared:
          "the redacted_thinking turn was cleared: it counts as a thinking turn",
        kept: "the redacted_thinking stayed (at most the small thinking was cleared): it is not treated as thinking",
      },
      keptShare: 0.25,
    })
  },
}

/** requireThinkingFirst: clear_thinking second in the edits. */
export const thinkingFirstProbe: Probe = {
  id: "thinking-first",
  key: "requireThinkingFirst",
  planned: 1,
  async run(ctx) {
    if (!ctx.thinkingMode) return needsThinking(this, ctx)
    const a = await ctx.session.count("clear_tool_uses, then clear_thinking", {
      thinking: thinkingParam(ctx.thinkingMode),
      ...askWith(clearToolUses(NEVER, 0), clearThinking("all")),
    })
    return acceptedOrRejected(
      this,
      a,
      /first/i,
      false,
      "clear_thinking need not be first."
    )
  },
}

/** rejectThinkingContinuation: thinking enabled, a tool loop whose call has no thinking. */
export const continuationProbe: Probe = {
  id: "thinking-continuation",
  key: "rejectThinkingContinuation",
  planned: 1,
  async run(ctx) {
    if (ctx.thinkingMode !== "enabled") {
      ctx.session.skip(1)
      return undecided(
        this,
        "Not asked: the rule is about thinking `enabled`, which this model does not take.",
        []
      )
    }
    const a = await ctx.session.count(
      "thinking enabled; tool loop without thinking",
      {
        thinking: thinkingParam("enabled"),
        tools: clientTools(["lookup"]),
        messages: [
          ask(1),
          ...clientPair("toolu_probe_c1", "lookup", "Result."),
        ],
      }
    )
    return acceptedOrRejected(
      this,
      a,
      /thinking/i,
      false,
      "the API does not reject it."
    )
  },
}
