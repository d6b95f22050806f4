/**
 * The session engine against simulate(): over random sessions (chat, tool
 * rounds with parallel calls and errors, memory, server tools, thinking and
 * redacted thinking, hidden system messages, replayed compaction blocks),
 * random edit configs (clear_thinking, clear_tool_uses with every option,
 * compaction that fires and is replayed as a summary) and random assumption
 * switches, every point of timeline() equals the per-request replay, which
 * runs simulate() on each request alone.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"

import {
  chatRoundArb,
  clearToolUsesFields,
  thinkingKeepArb,
  toolCallsArb,
} from "../__fixtures__/arbitraries"
import {
  pngImage,
  prose,
  textDocument,
  toolRound,
  webSearchBlocks,
} from "../__fixtures__/build"
import { getModelInfo } from "../request/models"
import { simulate } from "../result/simulate"
import { timeline } from "./timeline"
import { requestEnds } from "./ends"
import type { TimelinePoint } from "./timeline-types"

type Block = Record<string, unknown>
type Msg = { role: string; content: string | Block[]; clear_at?: string }
const NAMES = ["search", "memory", "fetch"]

const round = fc.oneof(
  chatRoundArb(3000),
  fc.record({
    kind: fc.constant("tools" as const),
    calls: toolCallsArb(
      NAMES,
      fc.oneof(
        fc.integer({ min: 0, max: 4_000 }),
        // Large results (13k–43k tokens of prose) so sessions reach compaction.
        fc.integer({ min: 60_000, max: 200_000 })
      )
    ),
    thinking: fc.boolean(),
    swap: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("server" as const),
    chars: fc.integer({ min: 10, max: 8000 }),
  }),
  fc.record({
    kind: fc.constant("thinking" as const),
    chars: fc.integer({ min: 10, max: 8000 }),
    redacted: fc.boolean(),
    only: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("system" as const) }),
  fc.record({ kind: fc.constant("compacted" as const) }),
  // Images and documents: the cache is invalidated beyond the changed
  // blocks when images come or go (invalidation.ts). Cited documents are
  // in invalidation.test.ts: the session engine counts their hidden
  // instructions from the first request on.
  fc.record({
    kind: fc.constant("media" as const),
    image: fc.boolean(),
    inResult: fc.boolean(),
  })
)
type Round = typeof round extends fc.Arbitrary<infer T> ? T : never

const think = (k: number, chars: number): Block => ({
  type: "thinking",
  thinking: prose(k, chars),
  signature: `s${k}`,
})

/** The round's calls and their results (in reverse order when `swap`). */
function pushToolRound(
  m: Msg[],
  r: Round & { kind: "tools" },
  k: number,
  id: () => string
) {
  const [calls, results] = toolRound(
    r.calls.map((c, j) => ({
      id: id(),
      name: c.name,
      input: { q: prose(j + k, 60) },
      result: prose(k * 7 + j, c.chars),
      isError: c.error,
    })),
    r.thinking ? think(k, 900) : undefined
  )
  if (r.swap) (results!.content as Block[]).reverse()
  m.push(calls!, results!)
}

/** A user turn with an image or a document, or a tool result holding one. */
function pushMedia(
  m: Msg[],
  r: Round & { kind: "media" },
  k: number,
  id: () => string
) {
  const media: Block = r.image
    ? pngImage(64 + k, 48)
    : textDocument(prose(k, 600))
  if (!r.inResult) {
    m.push(
      { role: "assistant", content: "Show me." },
      { role: "user", content: [{ type: "text", text: "Here." }, media] }
    )
    return
  }
  const t = id()
  m.push(
    {
      role: "assistant",
      content: [{ type: "tool_use", id: t, name: "fetch", input: { k } }],
    },
    {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: t,
          content: [{ type: "text", text: prose(k, 200) }, media],
        },
      ],
    }
  )
}

function build(rounds: Round[]): Msg[] {
  let n = 0
  const id = () => `t${n++}`
  const m: Msg[] = [{ role: "user", content: "Start the task." }]
  rounds.forEach((r, k) => {
    if (r.kind === "chat")
      m.push(
        { role: "assistant", content: prose(k, r.chars) },
        { role: "user", content: prose(k + 50, r.chars) }
      )
    if (r.kind === "thinking") {
      const t = r.redacted
        ? { type: "redacted_thinking", data: "QUJD".repeat(r.chars >> 2) }
        : think(k, r.chars)
      m.push({
        role: "assistant",
        content: r.only ? [t] : [t, { type: "text", text: "ok" }],
      })
      m.push({ role: "user", content: "next" })
    }
    if (r.kind === "tools") pushToolRound(m, r, k, id)
    if (r.kind === "server") {
      const sid = id()
      m.push(
        {
          role: "assistant",
          content: [
            ...webSearchBlocks(sid, prose(k, r.chars)),
            { type: "text", text: "found" },
          ],
        },
        { role: "user", content: "thanks" }
      )
    }
    if (r.kind === "system")
      m.push(
        { role: "assistant", content: "Noted." },
        {
          role: "system",
          content: prose(k, 400),
          clear_at: "next_user_message",
        },
        { role: "user", content: "go on" }
      )
    if (r.kind === "media") pushMedia(m, r, k, id)
    if (r.kind === "compacted")
      m.push(
        {
          role: "assistant",
          content: [
            { type: "compaction", content: prose(k, 2000) },
            { type: "text", text: "Continuing." },
          ],
        },
        { role: "user", content: "carry on" }
      )
  })
  return m
}

const switches = fc.record({
  triggerComparison: fc.constantFrom("gt", "gte"),
  compactionTriggerComparison: fc.constantFrom("gt", "gte"),
  excludedCountTowardKeep: fc.boolean(),
  clearDownToTrigger: fc.boolean(),
  smallResultChars: fc.constantFrom("0", "44", "54"),
  clearServerToolResults: fc.boolean(),
  clearErrorResults: fc.boolean(),
  toolUsesTriggerCountsServerTools: fc.boolean(),
  redactedThinkingCountsAsThinking: fc.boolean(),
  turnsWithoutThinkingHoldKeepSlot: fc.boolean(),
  currentTurnHoldsKeepSlot: fc.boolean(),
  implicitThinkingDefault: fc.constantFrom(
    "per_model",
    "keep_all",
    "last_turn"
  ),
  clearedInputShape: fc.constantFrom("empty_object", "placeholder_string"),
})

const editsArb = fc.record({
  thinking: thinkingKeepArb,
  tools: fc.option(
    fc.record(
      clearToolUsesFields(
        { triggerTokens: 60_000, keep: 5, clearAtLeast: 20_000 },
        NAMES
      )
    ),
    { nil: undefined }
  ),
  compact: fc.option(fc.integer({ min: 50_000, max: 90_000 }), {
    nil: undefined,
  }),
  compactFirst: fc.boolean(),
})

type Edits = typeof editsArb extends fc.Arbitrary<infer T> ? T : never

function editList(e: Edits): Block[] {
  const list: Block[] = []
  if (e.thinking !== undefined)
    list.push({
      type: "clear_thinking_20251015",
      keep:
        e.thinking === "all"
          ? "all"
          : { type: "thinking_turns", value: e.thinking },
    })
  const compact =
    e.compact === undefined
      ? []
      : [
          {
            type: "compact_20260112",
            trigger: { type: "input_tokens", value: e.compact },
          },
        ]
  if (e.compactFirst) list.push(...compact)
  if (e.tools) {
    const t = e.tools
    list.push({
      type: "clear_tool_uses_20250919",
      trigger: t.trigger,
      keep: { type: "tool_uses", value: t.keep },
      exclude_tools: t.exclude,
      clear_tool_inputs: t.inputs,
      ...(t.clearAtLeast === undefined
        ? {}
        : { clear_at_least: { type: "input_tokens", value: t.clearAtLeast } }),
    })
  }
  if (!e.compactFirst) list.push(...compact)
  return list
}

const sessionArb = fc.record({
  rounds: fc.array(round, { minLength: 1, maxLength: 14 }),
  edits: editsArb,
  switches,
  thinkingOn: fc.boolean(),
  model: fc.constantFrom(
    "claude-sonnet-4-5",
    "claude-opus-4-8",
    "claude-haiku-4-5",
    "claude-sonnet-4-6"
  ),
})

const fields = (p: TimelinePoint) =>
  p.ok
    ? {
        ok: true,
        originalTokens: p.originalTokens,
        inputTokens: p.inputTokens,
        applied: p.applied,
        compacted: p.compacted,
      }
    : { ok: false, error: p.error }

describe("timeline over whole sessions", () => {
  it("every point equals simulate() of that request alone (per-request replay)", () => {
    let incremental = 0
    const seen = {
      compaction: 0,
      hidden: 0,
      clear_tool_uses_20250919: 0,
      clear_thinking_20251015: 0,
    }
    fc.assert(
      fc.property(
        sessionArb,
        ({ rounds, edits, switches: sw, thinkingOn, model }) => {
          // Configs the API accepts: clear_thinking needs thinking on, a
          // replayed compaction block needs the compact edit.
          const e = {
            ...edits,
            thinking: thinkingOn ? edits.thinking : undefined,
            compact: getModelInfo(model).compaction ? edits.compact : undefined,
          }
          const kept =
            e.compact === undefined
              ? rounds.filter((r) => r.kind !== "compacted")
              : rounds
          const body = {
            model,
            max_tokens: 4096,
            ...(thinkingOn
              ? { thinking: { type: "enabled", budget_tokens: 1024 } }
              : {}),
            messages: build(kept),
            context_management: { edits: editList(e) },
          }
          const options = { assumptions: sw as never }
          const fast = timeline(body, options)
          if (fast.engine !== "incremental" && process.env.SESSION_DIAG)
            console.log(
              JSON.stringify(
                simulate(
                  { ...body, messages: body.messages.slice(0, 1) },
                  options
                )
              ).slice(0, 300)
            )
          const slow = timeline(body, options, { perRequest: true })
          if (fast.engine === "incremental") incremental++
          for (const p of fast.points)
            if (p.ok) {
              if (p.compacted) seen.compaction++
              for (const a of p.applied) seen[a.type]++
            }
          if (body.messages.some((m) => m.role === "system")) seen.hidden++
          expect(fast.points.length).toBe(requestEnds(body.messages).length)
          expect(fast.points.map(fields)).toEqual(slow.points.map(fields))
          expect(fast.compactions).toEqual(slow.compactions)
          // The cache model too: where each request breaks the cache, what it reads and writes.
          const cache = (p: TimelinePoint) =>
            p.ok ? [p.withEdits, p.withoutEdits, p.breakAt] : null
          expect(fast.points.map(cache)).toEqual(slow.points.map(cache))
        }
      ),
      { numRuns: 250, seed: 35 }
    )
    // The engine itself ran, not only its fallback. (Sessions with manual
    // thinking whose tool loop starts without thinking are requests the API
    // rejects, since the continuation rule is on by default: those are
    // replayed request by request, about a quarter of these sessions.)
    expect(incremental).toBeGreaterThan(150)
    // What the random sessions exercised, so the comparison means something.
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(10)
  })

  it("without compaction, each point is simulate() of the transcript up to that request", () => {
    fc.assert(
      fc.property(sessionArb, ({ rounds, edits, switches: sw, model }) => {
        const body = {
          model,
          max_tokens: 4096,
          messages: build(rounds.filter((r) => r.kind !== "compacted")),
          context_management: {
            edits: editList({ ...edits, compact: undefined }),
          },
        }
        const options = { assumptions: sw as never }
        const t = timeline(body, options)
        requestEnds(body.messages).forEach((end, k) => {
          const sim = simulate(
            { ...body, messages: body.messages.slice(0, end + 1) },
            options
          )
          const p = t.points[k]!
          expect(p.ok).toBe(sim.ok)
          if (!p.ok || !sim.ok) return
          expect(p.inputTokens).toBe(sim.input_tokens)
          expect(p.originalTokens).toBe(sim.original_input_tokens)
          expect(p.applied).toEqual(sim.context_management?.applied_edits ?? [])
        })
      }),
      { numRuns: 40, seed: 36 }
    )
  })
})
