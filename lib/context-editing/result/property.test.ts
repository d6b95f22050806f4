/**
 * Property tests over random valid conversations and arbitrary JSON.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { CREATE_PARAMS } from "@/lib/anthropic/sdk-params"

import {
  chatRoundArb,
  clearToolUsesFields,
  thinkingKeepArb,
  toolCallsArb,
} from "../__fixtures__/arbitraries"
import {
  deepFreeze,
  prose,
  toolRound,
  webSearchBlocks,
} from "../__fixtures__/build"
import { simulate } from "./simulate"

type Block = Record<string, unknown>
type Msg = { role: "user" | "assistant"; content: string | Block[] }
const NAMES = ["search", "memory", "fetch", "write_file"]

const round = fc.oneof(
  chatRoundArb(400),
  fc.record({
    kind: fc.constant("tools" as const),
    calls: toolCallsArb(NAMES, fc.integer({ min: 0, max: 3000 })),
    thinking: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("server" as const),
    n: fc.integer({ min: 1, max: 2 }),
    chars: fc.integer({ min: 10, max: 2000 }),
  }),
  fc.record({
    kind: fc.constant("thinking" as const),
    chars: fc.integer({ min: 10, max: 1500 }),
    redacted: fc.boolean(),
  })
)

type Round = typeof round extends fc.Arbitrary<infer T> ? T : never

function build(
  rounds: Round[],
  ending: "user" | "tool_result" | "unanswered"
): Msg[] {
  let id = 0
  const m: Msg[] = [{ role: "user", content: "Start the task." }]
  const think = (k: number, chars: number): Block => ({
    type: "thinking",
    thinking: prose(k, chars),
    signature: `s${k}`,
  })
  rounds.forEach((r, k) => {
    if (r.kind === "chat")
      m.push(
        { role: "assistant", content: prose(k, r.chars) },
        { role: "user", content: prose(k + 50, r.chars) }
      )
    if (r.kind === "thinking")
      m.push(
        {
          role: "assistant",
          content: [
            r.redacted
              ? { type: "redacted_thinking", data: "QUJD".repeat(r.chars >> 2) }
              : think(k, r.chars),
            { type: "text", text: "ok" },
          ],
        },
        { role: "user", content: "next" }
      )
    if (r.kind === "tools")
      m.push(
        ...toolRound(
          r.calls.map((c, j) => ({
            id: `t${id++}`,
            name: c.name,
            input: { q: prose(j, 20) },
            result: prose(k * 7 + j, c.chars),
            isError: c.error,
          })),
          r.thinking ? think(k, 300) : undefined
        )
      )
    if (r.kind === "server") {
      const content: Block[] = []
      for (let j = 0; j < r.n; j++) {
        const sid = `s${id++}`
        content.push(...webSearchBlocks(sid, prose(j, r.chars)))
      }
      m.push(
        {
          role: "assistant",
          content: [...content, { type: "text", text: "found" }],
        },
        { role: "user", content: "thanks" }
      )
    }
  })
  if (ending === "tool_result")
    m.push(
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "last", name: "search", input: {} }],
      },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "last", content: "r" }],
      }
    )
  if (ending === "unanswered")
    m.push({
      role: "assistant",
      content: [{ type: "tool_use", id: "pending", name: "search", input: {} }],
    })
  // Thinking is on: a request that continues a tool loop must start the
  // assistant message that made the calls with thinking (the API's rule).
  const last = m.at(-1)!
  const isResults = (x: Msg) =>
    x.role === "user" &&
    Array.isArray(x.content) &&
    x.content.every((b) => (b as Block).type === "tool_result")
  if (isResults(last)) {
    const caller = m[m.length - 2]!
    const blocks = caller.content as Block[]
    if (
      blocks[0]?.type !== "thinking" &&
      blocks[0]?.type !== "redacted_thinking"
    )
      caller.content = [think(999, 200), ...blocks]
  }
  return m
}

const editsArb = fc.record({
  thinking: thinkingKeepArb,
  ...clearToolUsesFields(
    { triggerTokens: 6000, keep: 6, clearAtLeast: 3000 },
    NAMES
  ),
})

const requestArb = fc
  .record({
    rounds: fc.array(round, { maxLength: 8 }),
    ending: fc.constantFrom(
      "user" as const,
      "tool_result" as const,
      "unanswered" as const
    ),
    edits: editsArb,
    model: fc.constantFrom(
      "claude-sonnet-4-5",
      "claude-opus-4-7",
      "claude-haiku-4-5"
    ),
  })
  .map(({ rounds, ending, edits, model }) => {
    const edit: Block = {
      type: "clear_tool_uses_20250919",
      trigger: edits.trigger,
      keep: { type: "tool_uses", value: edits.keep },
      exclude_tools: edits.exclude,
      clear_tool_inputs: edits.inputs,
    }
    if (edits.clearAtLeast !== undefined)
      edit.clear_at_least = { type: "input_tokens", value: edits.clearAtLeast }
    const list: Block[] = [edit]
    if (edits.thinking !== undefined)
      list.unshift({
        type: "clear_thinking_20251015",
        keep:
          edits.thinking === "all"
            ? "all"
            : { type: "thinking_turns", value: edits.thinking },
      })
    return {
      keep: edits.keep,
      body: {
        model,
        thinking: { type: "enabled", budget_tokens: 1024 },
        // Claude 4.6 and later refuse a request that ends with an
        // assistant message (model-rules.ts checkPrefill).
        messages: build(
          rounds,
          ending === "unanswered" && model === "claude-opus-4-7"
            ? "user"
            : ending
        ),
        context_management: { edits: list },
      },
    }
  })

const RUNS = { numRuns: 120, seed: 20251015 }

describe("properties of simulate", () => {
  it("valid conversations: ok, pairing intact, counts bounded, input untouched, deterministic", () => {
    fc.assert(
      fc.property(requestArb, ({ keep, body }) => {
        const frozen = deepFreeze(structuredClone(body))
        const r = simulate(frozen)
        if (!r.ok) throw new Error(r.error.message)
        // every tool_result still has its tool_use, and the edited request is itself valid
        const out = r.request.messages as Msg[]
        const useIds = new Set(
          out
            .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
            .filter(
              (b) => b.type === "tool_use" || b.type === "server_tool_use"
            )
            .map((b) => b.id)
        )
        for (const m of out)
          if (Array.isArray(m.content))
            for (const b of m.content)
              if (typeof b.tool_use_id === "string")
                expect(useIds.has(b.tool_use_id)).toBe(true)
        const again = simulate({ ...r.request, context_management: null })
        expect(again.ok).toBe(true)
        // cleared count never above candidates − keep
        const answered = r.blocks.filter(
          (b) => b.type === "tool_result" || b.type === "web_search_tool_result"
        ).length
        for (const e of r.context_management!.applied_edits)
          if (e.type === "clear_tool_uses_20250919")
            expect(e.cleared_tool_uses).toBeLessThanOrEqual(
              Math.max(0, answered - keep)
            )
        expect(
          r.blocks.filter((b) => b.status === "cleared").length
        ).toBeLessThanOrEqual(Math.max(0, answered - keep))
        // applied_edits agree with the block outcomes and the Explain trace
        for (const t of r.edits) {
          if (!t.entry) continue
          expect(t.entry.cleared_input_tokens).toBe(
            Math.max(0, Math.round(t.tokensBefore - t.tokensAfter))
          )
          if (t.entry.type === "clear_tool_uses_20250919")
            expect(t.entry.cleared_tool_uses).toBe(
              r.blocks.filter(
                (b) => b.editIndex === t.index && b.status === "cleared"
              ).length
            )
        }
        if (!r.implicitThinking?.applied)
          expect(
            r.edits.reduce((n, t) => n + t.tokensBefore - t.tokensAfter, 0)
          ).toBe(r.original_input_tokens - r.input_tokens)
        // one outcome per original block; categories add up
        const blocks = body.messages.reduce(
          (n, m) => n + (typeof m.content === "string" ? 1 : m.content.length),
          0
        )
        expect(r.blocks).toHaveLength(blocks)
        expect(
          Object.values(r.categories.after).reduce((a, b) => a + b, 0)
        ).toBe(r.input_tokens)
        // same input → same output (fresh copy: no cache involved)
        expect(simulate(structuredClone(body))).toEqual(r)
      }),
      RUNS
    )
  })

  it("never throws on arbitrary JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = simulate(v)
        expect(typeof r.ok).toBe("boolean")
      }),
      { numRuns: 300, seed: 1 }
    )
  })

  it("never throws when any part of a valid request is replaced by arbitrary JSON", () => {
    // Every top-level parameter of the SDK's create call (the one list).
    const paths = fc.constantFrom(...CREATE_PARAMS)
    fc.assert(
      fc.property(
        requestArb,
        paths,
        fc.jsonValue(),
        fc.nat(),
        ({ body }, key, junk, k) => {
          const copy = structuredClone(body) as Record<string, unknown>
          copy[key] = junk
          const msgs = body.messages
          const broken = structuredClone(body)
          const target = broken.messages[k % msgs.length]!
          if (Array.isArray(target.content) && target.content.length > 0)
            (target.content as unknown[])[k % target.content.length] = junk
          for (const req of [copy, broken]) {
            const r = simulate(req)
            expect(typeof r.ok).toBe("boolean")
            if (!r.ok) expect(r.error.message).not.toMatch(/could not process/)
          }
        }
      ),
      // ≈25 runs per parameter, as when only the 8 the engine reads were drawn.
      { numRuns: 650, seed: 7 }
    )
  })
})
