import { describe, expect, it } from "vitest"

import {
  clearTools,
  prose,
  simulateOk,
  thinkingChat,
  toolConversation,
  tokens,
  toolRound,
  uses,
} from "../__fixtures__/build"
import { CACHE_READ, CACHE_WRITE, cacheImpact } from "./cache-impact"

const MODEL = "claude-sonnet-4-5"
const TOOLS = [
  {
    name: "search",
    description: "Search the web.",
    input_schema: { type: "object", properties: {} },
  },
]
const request = (messages: unknown[], edits: unknown[] | null) => ({
  model: MODEL,
  max_tokens: 1024,
  tools: TOOLS,
  messages,
  ...(edits ? { context_management: { edits } } : {}),
})
// 10 search rounds: messages[1 + 2k] calls toolu_k, messages[2 + 2k] answers it.
const ROUNDS = toolConversation(10, 2000)

describe("cacheImpact", () => {
  it("keeps the whole prompt cached when no edit changes anything", () => {
    for (const edits of [
      null,
      [clearTools({ trigger: { type: "input_tokens", value: 900_000 } })],
    ]) {
      const sim = simulateOk(request(ROUNDS, edits))
      const c = cacheImpact(sim)
      expect(c.firstChange).toBeNull()
      expect(c.rewrittenTokens).toBe(0)
      expect(c.prefixTokens).toBe(sim.input_tokens)
      expect(c.costWith).toBeCloseTo(c.costWithout)
      expect(c.breakEven).toBe(0)
    }
  })

  it("breaks the cache at the first cleared result: what comes before it is the same prompt as the conversation up to there", () => {
    const sim = simulateOk(
      request(ROUNDS, [
        clearTools({ trigger: { type: "input_tokens", value: 1000 } }),
      ])
    )
    const c = cacheImpact(sim)
    expect(c.firstChange).toMatchObject({
      messageIndex: 2,
      blockIndex: 0,
      status: "cleared",
    })
    // The unedited first two messages, counted on their own, plus the
    // framing of message 2 (its role marker precedes the cleared block).
    const head = simulateOk(request(ROUNDS.slice(0, 2), null))
    expect(c.prefixTokens).toBe(head.input_tokens + sim.messageFraming)
    expect(c.prefixTokens + c.rewrittenTokens).toBe(sim.input_tokens)
    expect(c.costWithout).toBeCloseTo(CACHE_READ * sim.original_input_tokens)
    expect(c.costWith).toBeCloseTo(
      CACHE_READ * c.prefixTokens + CACHE_WRITE * c.rewrittenTokens
    )
  })

  it("puts the next break at the oldest pair kept by keep: its result, or its call when inputs are cleared too", () => {
    const edit = {
      trigger: { type: "input_tokens", value: 1000 },
      keep: { type: "tool_uses", value: 3 },
    }
    // keep 3 of toolu_0..9 → toolu_7 is the oldest kept: called in
    // messages[15] (block 1, after the text), answered in messages[16].
    const results = cacheImpact(simulateOk(request(ROUNDS, [clearTools(edit)])))
    expect(results.nextBreak).toMatchObject({ messageIndex: 16, blockIndex: 0 })
    const inputs = cacheImpact(
      simulateOk(
        request(ROUNDS, [clearTools({ ...edit, clear_tool_inputs: true })])
      )
    )
    expect(inputs.nextBreak).toMatchObject({ messageIndex: 15, blockIndex: 1 })
    expect(inputs.nextBreak!.rewrittenTokens).toBeGreaterThan(
      results.nextBreak!.rewrittenTokens
    )
    // Only clear_tool_inputs for another tool: the call would not change.
    const other = cacheImpact(
      simulateOk(
        request(ROUNDS, [clearTools({ ...edit, clear_tool_inputs: ["fetch"] })])
      )
    )
    expect(other.nextBreak).toMatchObject({ messageIndex: 16, blockIndex: 0 })
  })

  it("puts the next break at the oldest result clearing left when it stopped below the trigger", () => {
    const all = simulateOk(request(ROUNDS, null))
    // A trigger a little below the prompt: the oldest result or two bring
    // it under, the rest outside keep stay (docs/semantics.md#clear-down-to-trigger).
    const sim = simulateOk(
      request(ROUNDS, [
        clearTools({
          trigger: { type: "input_tokens", value: all.input_tokens - 100 },
          keep: { type: "tool_uses", value: 3 },
        }),
      ])
    )
    const results = sim.blocks.filter((b) => b.type === "tool_result")
    const left = results.find((b) => b.status === "kept")!
    expect(results.filter((b) => b.status === "cleared").length).toBeLessThan(7)
    expect(left.reason).toMatch(/stopped/)
    expect(cacheImpact(sim).nextBreak).toMatchObject({
      messageIndex: left.messageIndex,
      blockIndex: left.blockIndex,
    })
  })

  it("says after how many later requests a large clear has paid for its cache write", () => {
    const sim = simulateOk(
      request(ROUNDS, [
        clearTools({
          trigger: { type: "input_tokens", value: 1000 },
          keep: { type: "tool_uses", value: 1 },
        }),
      ])
    )
    const c = cacheImpact(sim)
    const n = c.breakEven!
    expect(n).toBeGreaterThan(0)
    const total = (k: number, now: number, later: number) => now + k * later
    expect(total(n, c.costWith, c.laterWith)).toBeLessThanOrEqual(
      total(n, c.costWithout, c.laterWithout)
    )
    expect(total(n - 1, c.costWith, c.laterWith)).toBeGreaterThan(
      total(n - 1, c.costWithout, c.laterWithout)
    )
  })

  it("says a clear never pays off when each later request rewrites more than it saves", () => {
    // Two short results (just above the small-result limit, so they count)
    // are cleared; the 8 kept are large, and the next request clears the
    // oldest of them, rewriting all 8 again.
    const messages: unknown[] = [{ role: "user", content: "Go." }]
    for (let k = 0; k < 10; k++)
      messages.push(
        ...toolRound([
          {
            id: `toolu_${k}`,
            name: "search",
            result:
              k < 2
                ? "No match in this part of the index, try more.".padEnd(
                    60,
                    "."
                  )
                : prose(k, 3000),
          },
        ])
      )
    messages.push(
      { role: "assistant", content: "Done." },
      { role: "user", content: "More." }
    )
    const c = cacheImpact(
      simulateOk(
        request(messages, [
          clearTools({
            trigger: { type: "input_tokens", value: 1000 },
            keep: { type: "tool_uses", value: 8 },
          }),
        ])
      )
    )
    expect(c.firstChange).not.toBeNull()
    expect(c.laterWith).toBeGreaterThan(c.laterWithout)
    expect(c.breakEven).toBeNull()
  })

  it("breaks the cache where clear_thinking removes the first thinking block", () => {
    const messages = thinkingChat(
      ["First question.", "Second question.", "Third question."],
      1500
    )
    const sim = simulateOk({
      model: MODEL,
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 2048 },
      messages,
      context_management: {
        edits: [
          {
            type: "clear_thinking_20251015",
            keep: { type: "thinking_turns", value: 2 },
          },
        ],
      },
    })
    const c = cacheImpact(sim)
    expect(c.firstChange).toMatchObject({
      messageIndex: 1,
      blockIndex: 0,
      status: "removed",
    })
    // keep 2: the turn being generated and messages[3]'s turn. The next
    // turn removes messages[3]'s thinking.
    expect(c.nextBreak).toMatchObject({ messageIndex: 3, blockIndex: 0 })
  })
})

describe("cacheImpact with a skipped edit", () => {
  it("predicts no next break when clear_at_least skipped the edit", () => {
    const messages = toolConversation(6, 2000)
    const sim = simulateOk({
      model: "claude-sonnet-4-5",
      messages,
      context_management: {
        edits: [
          clearTools({
            trigger: tokens(1000),
            keep: uses(2),
            clear_at_least: tokens(1_000_000),
          }),
        ],
      },
    })
    expect(sim.context_management!.applied_edits).toEqual([])
    expect(sim.blocks.some((b) => b.status === "kept_recent")).toBe(true)
    const c = cacheImpact(sim)
    expect(c.firstChange).toBeNull()
    expect(c.nextBreak).toBeNull()
    expect(c.laterWith).toBe(c.laterWithout)
  })
})
