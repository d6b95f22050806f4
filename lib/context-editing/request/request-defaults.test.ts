import fc from "fast-check"
import { describe, expect, it } from "vitest"

import {
  clearTools,
  thinkingTurn,
  tokens,
  toolConversation,
  uses,
} from "../__fixtures__/build"
import { generateSession } from "@/lib/generate/generate-session"
import { parseImport } from "@/lib/import"

import { ASSUMPTION_SPECS } from "./assumptions"
import { MODELS } from "./models"
import { defaultMaxTokens, withThinkingMode } from "./request-defaults"
import { thinkingOnFix } from "../result/thinking-fix"
import { simulate } from "../result/simulate"
import type { Assumptions } from "../types"

const clearThinking = { type: "clear_thinking_20251015" }
const user = (content: unknown) => ({ role: "user", content })
const request = (extra: Record<string, unknown>) => ({
  model: "claude-sonnet-4-6",
  max_tokens: 4096,
  messages: [user("hi")],
  context_management: { edits: [clearThinking] },
  ...extra,
})

describe("one-click fixes never produce a request the API rejects", () => {
  // Each case is a request the "thinking is off" guidance appears for.
  const cases: Array<[string, Record<string, unknown>]> = [
    [
      "max_tokens 1024 (budget 4,096 would be a new 400)",
      request({ max_tokens: 1024 }),
    ],
    ["max_tokens equal to the budget", request({ max_tokens: 4096 })],
    ["no max_tokens", request({ max_tokens: undefined })],
    [
      "a forced tool (thinking with it is a 400)",
      request({
        tools: [{ name: "f", input_schema: { type: "object" } }],
        tool_choice: { type: "any" },
      }),
    ],
    ["Haiku 5.5 (adaptive only)", request({ model: "claude-haiku-5-5" })],
    [
      "Sonnet 5.5 with thinking disabled",
      request({ model: "claude-sonnet-5-5", thinking: { type: "disabled" } }),
    ],
    [
      "a tool loop without thinking (manual thinking would need a thinking block first)",
      {
        ...request({}),
        model: "claude-opus-4-6",
        messages: toolConversation(2, 500),
      },
    ],
  ]

  it.each(cases)("%s", (_name, req) => {
    expect(simulate(req).ok).toBe(false)
    const fix = thinkingOnFix(req)
    const fixed = fix.apply(req)
    const r = simulate(fixed)
    expect(r.ok ? "ok" : r.error.message).toBe("ok")
  })

  it("says in its label what it changes besides thinking", () => {
    expect(thinkingOnFix(request({ max_tokens: 1024 })).label).toBe(
      "Enable thinking (budget 4,096; max_tokens 1,024 → 5,120)"
    )
    expect(thinkingOnFix(request({ model: "claude-haiku-5-5" })).label).toBe(
      "Turn on adaptive thinking"
    )
  })

  it("the thinking picker's enabled keeps budget_tokens below max_tokens", () => {
    const r = withThinkingMode(
      request({ max_tokens: 2000, context_management: undefined }),
      "enabled"
    )
    expect(r).toMatchObject({
      max_tokens: 6096,
      thinking: { budget_tokens: 4096 },
    })
    expect(simulate(r).ok).toBe(true)
    expect(withThinkingMode(r, "off")).not.toHaveProperty("thinking")
  })
})

describe("request defaults", () => {
  it("the docs' count_tokens curl example with thinking (budget 16000, no max_tokens) imports as a valid request", () => {
    const body = {
      model: "claude-sonnet-4-5",
      thinking: { type: "enabled", budget_tokens: 16000 },
      messages: [
        {
          role: "user",
          content:
            "Are there an infinite number of prime numbers such that n mod 4 == 3?",
        },
      ],
    }
    const curl = `curl https://api.anthropic.com/v1/messages/count_tokens \\
  --header "x-api-key: $ANTHROPIC_API_KEY" \\
  --header "content-type: application/json" \\
  --header "anthropic-version: 2023-06-01" \\
  --data '${JSON.stringify(body)}'`
    const imported = parseImport(curl)
    if (!imported.success) throw new Error(imported.error.message)
    const r = simulate(imported.data)
    expect(r.ok ? "ok" : r.error.message).toBe("ok")
  })

  it("a generated session with thinking is valid on every listed model that is not retired", () => {
    for (const m of MODELS.filter((x) => !x.retired && x.contextEditing)) {
      const request = generateSession({
        seed: 3,
        targetTokens: 20_000,
        thinking: true,
        model: m.id,
      })
      const r = simulate(request)
      expect(r.ok ? "ok" : `${m.id}: ${r.error.message}`).toBe("ok")
    }
  })

  it("a missing max_tokens stays above a thinking budget (docs example: budget 16000)", () => {
    const thinking = { type: "enabled", budget_tokens: 16_000 }
    const max = defaultMaxTokens(thinking, 4096)
    expect(max).toBe(20_096)
    const r = simulate({
      model: "claude-sonnet-4-5",
      max_tokens: max,
      thinking,
      messages: [user("hi")],
    })
    expect(r.ok).toBe(true)
    expect(defaultMaxTokens(undefined, 4096)).toBe(4096)
    expect(
      defaultMaxTokens({ type: "enabled", budget_tokens: 2048 }, 4096)
    ).toBe(4096)
  })
})

/** Any value of each switch: its options, both booleans, or a text. */
const switchesArb: fc.Arbitrary<Partial<Assumptions>> = fc.record(
  Object.fromEntries(
    ASSUMPTION_SPECS.map((s) => [
      s.key,
      s.options
        ? fc.constantFrom(...s.options.map((o) => o.value))
        : typeof s.default === "boolean"
          ? fc.boolean()
          : fc.constantFrom(s.default, "", "[REDACTED]"),
    ])
  ) as Record<keyof Assumptions, fc.Arbitrary<never>>,
  { requiredKeys: [] }
)

describe("no option of the engine produces a request its own validator rejects", () => {
  it("simulate's edited request re-validates ok, for random valid requests and switch values", () => {
    let checked = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        fc.constantFrom(
          "claude-sonnet-4-6",
          "claude-opus-4-6",
          "claude-sonnet-5-5"
        ),
        fc.boolean(),
        switchesArb,
        (rounds, keep, inputs, model, thinking, assumptions) => {
          const clear = clearTools({
            trigger: tokens(100),
            keep: uses(keep),
            clear_tool_inputs: inputs,
          })
          const body = {
            model,
            max_tokens: 4096,
            ...(thinking ? { thinking: { type: "adaptive" } } : {}),
            messages: [
              ...(thinking
                ? [user("first"), thinkingTurn(1, 400), user("next")]
                : []),
              ...toolConversation(rounds, 800),
            ],
            context_management: {
              edits: thinking
                ? [
                    {
                      type: "clear_thinking_20251015",
                      keep: { type: "thinking_turns", value: 1 },
                    },
                    clear,
                  ]
                : [clear],
            },
          }
          const first = simulate(body, { assumptions })
          if (!first.ok) return true
          checked++
          const again = simulate(first.request, { assumptions })
          expect(again.ok ? "ok" : again.error.message).toBe("ok")
          return true
        }
      ),
      { numRuns: 80, seed: 38 }
    )
    // Most draws are valid requests (a few switch values reject them).
    expect(checked).toBeGreaterThan(40)
  })
})
