/**
 * Probes of what the API accepts (status, not counts) and of the implicit
 * thinking default, which needs two models whose documented defaults differ.
 */
import { MODELS } from "@/lib/context-editing"

import {
  ask,
  askWith,
  assistantTurn,
  clearThinking,
  clearToolUses,
  edits,
  NEVER,
  prose,
  thinking,
  thinkingParam,
} from "./fixtures"
import {
  acceptedOrRejected,
  decided,
  numbers,
  type Probe,
  rejectedFor,
  undecided,
} from "./kit"
import type { Answer } from "./session"

const COMPACT = {
  type: "compact_20260112",
  trigger: { type: "input_tokens", value: 50_000 },
}

/** emptyEditsNoop: `edits: []`. */
export const emptyEditsProbe: Probe = {
  id: "empty-edits",
  key: "emptyEditsNoop",
  planned: 1,
  async run(ctx) {
    const a = await ctx.session.count("context_management.edits: []", askWith())
    return acceptedOrRejected(
      this,
      a,
      /edits/i,
      true,
      "an empty list is a no-op."
    )
  },
}

/** allowCompactionWithClearEdits: compaction alone (control), then with clear_tool_uses. */
export const compactionMixProbe: Probe = {
  id: "compaction-with-clearing",
  key: "allowCompactionWithClearEdits",
  planned: 2,
  async run(ctx) {
    const s = ctx.session
    const alone = await s.count("compact_20260112 alone", askWith(COMPACT))
    if (!alone.ok) {
      s.skip(1)
      return undecided(
        this,
        `Compaction alone is rejected on this model (${numbers(alone)}), so the combination says nothing.`,
        [alone]
      )
    }
    const both = await s.count(
      "clear_tool_uses + compact_20260112",
      askWith(clearToolUses(NEVER, 0), COMPACT)
    )
    const all = [alone, both]
    if (both.ok)
      return decided(
        this,
        true,
        `Both accepted (${numbers(both)}): compaction combines with clearing.`,
        all
      )
    if (rejectedFor(both, /compact|combin/i))
      return decided(
        this,
        false,
        `Compaction alone accepted, combined rejected: “${both.message}”`,
        all
      )
    return undecided(
      this,
      `Combined request rejected for another reason: ${numbers(both)}.`,
      all
    )
  },
}

/** A model the table lists without context editing (the newest such). */
const UNSUPPORTED = MODELS.find((m) => !m.contextEditing)?.id

/** rejectUnsupportedModelEdits: clear edits on a model without context editing. */
export const unsupportedModelProbe: Probe = {
  id: "unsupported-model",
  key: "rejectUnsupportedModelEdits",
  planned: 1,
  async run(ctx) {
    if (!UNSUPPORTED) {
      ctx.session.skip(1)
      return undecided(this, "No model without context editing is known.", [])
    }
    const a = await ctx.session.count(`clear_tool_uses on ${UNSUPPORTED}`, {
      model: UNSUPPORTED,
      ...askWith(clearToolUses(NEVER, 0)),
    })
    return acceptedOrRejected(
      this,
      a,
      /does not support/i,
      false,
      `edits on ${UNSUPPORTED} are not rejected.`,
      "Rejected for another reason (e.g. the model is retired)"
    )
  },
}

/**
 * Reference models of the implicit default (docs, extended thinking):
 * Sonnet 4.6 keeps all earlier thinking, Haiku 4.5 only the last turn's.
 */
const KEEPS_ALL = "claude-sonnet-4-6"
const KEEPS_LAST = "claude-haiku-4-5-20251001"

/** Two earlier thinking turns, the older one large, then a question. */
const implicitMessages = () => [
  ask(1),
  assistantTurn(thinking(prose(3000, 31), 4), 1),
  ask(2),
  assistantTurn(thinking(prose(80, 32), 5), 2),
  ask(3),
]

/** "all" / "dropped" / null from a count without edits and one with keep all. */
async function implicitOn(
  ctx: Parameters<Probe["run"]>[0],
  model: string,
  answers: Answer[]
): Promise<"all" | "dropped" | null> {
  const base = {
    model,
    thinking: thinkingParam("enabled"),
    messages: implicitMessages(),
  }
  const plain = await ctx.session.count(
    `${model}: no clear_thinking edit`,
    base
  )
  const full = await ctx.session.count(`${model}: clear_thinking keep all`, {
    ...base,
    context_management: edits(clearThinking("all")),
  })
  answers.push(plain, full)
  if (!plain.ok || !full.ok) return null
  if (plain.input === full.input) return "all"
  return full.input - plain.input >= full.input / 2 ? "dropped" : null
}

/** What the two reference models did ↦ the implicit default it shows. */
const IMPLICIT_READINGS = [
  {
    a: "all",
    b: "dropped",
    value: "per_model",
    say: "Each model follows its documented default",
  },
  {
    a: "all",
    b: "all",
    value: "keep_all",
    say: "Both models kept all earlier thinking",
  },
  {
    a: "dropped",
    b: "dropped",
    value: "last_turn",
    say: "Both models dropped the older thinking",
  },
] as const

/** implicitThinkingDefault: what survives without an edit, on both reference models. */
export const implicitDefaultProbe: Probe = {
  id: "implicit-thinking-default",
  key: "implicitThinkingDefault",
  planned: 4,
  async run(ctx) {
    const answers: Answer[] = []
    const a = await implicitOn(ctx, KEEPS_ALL, answers)
    const b = await implicitOn(ctx, KEEPS_LAST, answers)
    const seen = `${KEEPS_ALL}: ${a ?? "unclear"}, ${KEEPS_LAST}: ${b ?? "unclear"} (documented: all, last turn)`
    const fit = IMPLICIT_READINGS.find((r) => r.a === a && r.b === b)
    return fit
      ? decided(this, fit.value, `${fit.say} — ${seen}.`, answers)
      : undecided(this, `No value fits — ${seen}.`, answers)
  },
}

export const API_PROBES: readonly Probe[] = [
  emptyEditsProbe,
  compactionMixProbe,
  unsupportedModelProbe,
  implicitDefaultProbe,
]
