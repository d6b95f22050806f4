import { describe, expect, it } from "vitest"

import {
  clearTools,
  prose,
  simulateOk,
  statuses,
  thinkingChat,
  tokens,
  toolConversation,
  toolRound,
  uses,
  webSearchBlocks,
} from "../__fixtures__/build"
import {
  ASSUMPTION_SPECS,
  DEFAULT_ASSUMPTIONS,
  resolveAssumptions,
} from "./assumptions"
import { simulate } from "../result/simulate"
import type { Assumptions } from "../types"

const THINKING = { type: "enabled", budget_tokens: 2048 }
const cm = (...edits: unknown[]) => ({ context_management: { edits } })
const model = "claude-sonnet-4-5"

const twoTools = {
  model,
  messages: toolConversation(2, 1000),
  ...cm(
    clearTools({ trigger: tokens(100), keep: uses(1), clear_tool_inputs: true })
  ),
}
const firstResult = (r: ReturnType<typeof simulateOk>) =>
  (r.request.messages as Array<{ content: Array<Record<string, unknown>> }>)[2]!
    .content[0]!
const firstUse = (r: ReturnType<typeof simulateOk>) =>
  (r.request.messages as Array<{ content: Array<Record<string, unknown>> }>)[1]!
    .content[1]!

const serverMsgs = (withClient: boolean) => [
  { role: "user", content: "go" },
  ...(withClient ? toolRound([{ id: "c1", name: "calc", result: 200 }]) : []),
  {
    role: "assistant",
    content: [1, 2].flatMap((k) => webSearchBlocks(`s${k}`, prose(k, 2000))),
  },
  { role: "user", content: "next" },
]
const mcpMsgs = [
  { role: "user", content: "go" },
  {
    role: "assistant",
    content: [
      {
        type: "mcp_tool_use",
        id: "m1",
        name: "list",
        server_name: "gh",
        input: {},
      },
      {
        type: "mcp_tool_result",
        tool_use_id: "m1",
        content: [{ type: "text", text: prose(5, 2000) }],
      },
    ],
  },
  { role: "user", content: "next" },
]
const errorMsgs = [
  { role: "user", content: "go" },
  ...toolRound([
    { id: "e", name: "run", result: prose(6, 2000), isError: true },
  ]),
  { role: "user", content: "again" },
]
const redactedMsgs = [
  { role: "user", content: "a" },
  {
    role: "assistant",
    content: [
      { type: "redacted_thinking", data: "QUJD".repeat(200) },
      { type: "text", text: "b" },
    ],
  },
  { role: "user", content: "c" },
]
const noThinkingTurn = [
  ...thinkingChat(["a", "b"], 500),
  { role: "assistant", content: "plain" },
  { role: "user", content: "c" },
]
const oneThinkingTurn = thinkingChat(["a", "b"], 500)
const thinkingEdit = (value: number) => ({
  type: "clear_thinking_20251015",
  keep: { type: "thinking_turns", value },
})
const bigUser = [{ role: "user", content: prose(3, 270_000) }]
const bigTokens = simulateOk({
  model: "claude-opus-4-6",
  messages: bigUser,
}).original_input_tokens
const twoToolTokens = simulateOk({
  ...twoTools,
  context_management: null,
}).original_input_tokens

const fourSearches = { model, messages: toolConversation(4, 2000) }
const fourSearchTokens = simulateOk(fourSearches).original_input_tokens
/** A large search, then a 36-character note result (the cookbook's record_finding), keep 1. */
const bigThenNote = [
  { role: "user", content: "go" },
  ...toolRound([{ id: "a", name: "search", result: prose(7, 4000) }]),
  ...toolRound([
    {
      id: "b",
      name: "note",
      result: "Finding #1 recorded (session-local).",
    },
  ]),
  { role: "user", content: "next" },
]

type Switches = Partial<Assumptions>
type Probe = (a: Switches) => unknown
/** simulateOk() of `request` (on Sonnet 4.5 unless it names a model) under the switches `a`. */
const runUnder = (a: Switches, request: Record<string, unknown>) =>
  simulateOk({ model, ...request }, { assumptions: a })
/** Whether simulate() accepts `request` (Sonnet 4.5 unless named) under the switches `a`. */
const acceptedUnder = (a: Switches, request: Record<string, unknown>) =>
  simulate({ model, ...request }, { assumptions: a }).ok
/** Statuses of the `type` blocks when clear_tool_uses clears all it can (trigger 100, keep 0). */
const afterClearing = (a: Switches, messages: unknown[], type: string) =>
  statuses(
    runUnder(a, {
      messages,
      ...cm(clearTools({ trigger: tokens(100), keep: uses(0) })),
    }),
    type
  )
/** Statuses of the `type` blocks with thinking on and clear_thinking keeping `keep` turns. */
const afterThinkingEdit = (
  a: Switches,
  messages: unknown[],
  keep: number,
  type = "thinking"
) =>
  statuses(
    runUnder(a, { thinking: THINKING, messages, ...cm(thinkingEdit(keep)) }),
    type
  )
// [switch, default value, other value, probe]: the probe's result must differ between the two values.
const SWITCHES: Array<[keyof Assumptions, unknown, unknown, Probe]> = [
  [
    "placeholderText",
    "[cleared]",
    "[REDACTED]",
    (a) => firstResult(runUnder(a, twoTools)).content,
  ],
  [
    "clearedInputShape",
    "empty_object",
    "placeholder_string",
    (a) => firstUse(runUnder(a, twoTools)).input,
  ],
  [
    "triggerComparison",
    "gt",
    "gte",
    (a) =>
      runUnder(a, {
        ...twoTools,
        ...cm(clearTools({ trigger: tokens(twoToolTokens), keep: uses(0) })),
      }).context_management!.applied_edits.length,
  ],
  [
    "compactionTriggerComparison",
    "gte",
    "gt",
    (a) =>
      runUnder(a, {
        model: "claude-opus-4-6",
        messages: bigUser,
        ...cm({ type: "compact_20260112", trigger: tokens(bigTokens) }),
      }).compaction!.fires,
  ],
  [
    "excludedCountTowardKeep",
    false,
    true,
    (a) =>
      statuses(
        runUnder(a, {
          messages: toolConversation(2, 800, (k) =>
            k === 1 ? "memory" : "search"
          ),
          ...cm(
            clearTools({
              trigger: tokens(100),
              keep: uses(1),
              exclude_tools: ["memory"],
            })
          ),
        }),
        "tool_result"
      ),
  ],
  [
    "clearDownToTrigger",
    true,
    false,
    (a) =>
      statuses(
        runUnder(a, {
          ...fourSearches,
          ...cm(
            clearTools({
              trigger: tokens(fourSearchTokens - 50),
              keep: uses(0),
            })
          ),
        }),
        "tool_result"
      ),
  ],
  [
    "smallResultChars",
    "44",
    "0",
    (a) =>
      statuses(
        runUnder(a, {
          messages: bigThenNote,
          ...cm(clearTools({ trigger: tokens(100), keep: uses(1) })),
        }),
        "tool_result"
      ),
  ],
  [
    "clearServerToolResults",
    true,
    false,
    (a) => afterClearing(a, serverMsgs(false), "web_search_tool_result"),
  ],
  [
    "clearMcpToolResults",
    true,
    false,
    (a) => afterClearing(a, mcpMsgs, "mcp_tool_result"),
  ],
  [
    "clearErrorResults",
    true,
    false,
    (a) => afterClearing(a, errorMsgs, "tool_result"),
  ],
  [
    "toolUsesTriggerCountsServerTools",
    true,
    false,
    (a) =>
      runUnder(a, {
        messages: serverMsgs(true),
        ...cm(clearTools({ trigger: uses(2), keep: uses(0) })),
      }).edits[0]!.stoppedAt,
  ],
  [
    "redactedThinkingCountsAsThinking",
    true,
    false,
    (a) => afterThinkingEdit(a, redactedMsgs, 1, "redacted_thinking"),
  ],
  [
    "turnsWithoutThinkingHoldKeepSlot",
    false,
    true,
    (a) => afterThinkingEdit(a, noThinkingTurn, 2),
  ],
  [
    "currentTurnHoldsKeepSlot",
    true,
    false,
    (a) => afterThinkingEdit(a, oneThinkingTurn, 1),
  ],
  [
    "implicitThinkingDefault",
    "per_model",
    "last_turn",
    (a) =>
      statuses(
        runUnder(a, {
          model: "claude-sonnet-4-6",
          thinking: THINKING,
          messages: oneThinkingTurn,
        }),
        "thinking"
      ),
  ],
  [
    "requireThinkingFirst",
    true,
    false,
    (a) =>
      acceptedUnder(a, {
        thinking: THINKING,
        messages: oneThinkingTurn,
        ...cm(clearTools(), thinkingEdit(1)),
      }),
  ],
  [
    "emptyEditsNoop",
    true,
    false,
    (a) => acceptedUnder(a, { messages: oneThinkingTurn, ...cm() }),
  ],
  [
    "allowCompactionWithClearEdits",
    true,
    false,
    (a) =>
      acceptedUnder(a, {
        model: "claude-opus-4-6",
        messages: bigUser,
        ...cm(clearTools(), { type: "compact_20260112" }),
      }),
  ],
  [
    "rejectThinkingContinuation",
    true,
    false,
    (a) =>
      acceptedUnder(a, {
        thinking: THINKING,
        messages: [
          { role: "user", content: "go" },
          ...toolRound([{ id: "t", name: "calc", result: 20 }]),
        ],
      }),
  ],
  [
    "rejectDuplicateStrategies",
    true,
    false,
    (a) =>
      acceptedUnder(a, {
        messages: bigUser,
        ...cm(clearTools(), clearTools()),
      }),
  ],
  [
    "rejectRetiredModels",
    false,
    true,
    (a) =>
      acceptedUnder(a, { model: "claude-3-opus-20240229", messages: bigUser }),
  ],
  [
    "rejectUnlistedThinkingTypes",
    false,
    true,
    (a) =>
      acceptedUnder(a, {
        model: "claude-opus-4-8",
        max_tokens: 4096,
        thinking: { type: "enabled", budget_tokens: 2048 },
        messages: bigUser,
      }),
  ],
  ["memoryWarningAt", "0.9", "off", (a) => codes(memoryAt(0.93), a)],
  [
    "rejectUnsupportedModelEdits",
    true,
    false,
    (a) =>
      acceptedUnder(a, {
        model: "claude-3-7-sonnet-20250219",
        messages: bigUser,
        ...cm(clearTools()),
      }),
  ],
]

// The memory tool declared, and a clearing trigger the prompt is `share` of.
const memoryBase = {
  model,
  tools: [{ type: "memory_20250818", name: "memory" }],
  messages: toolConversation(4, 1000),
}
const memoryTokens = simulateOk(memoryBase).original_input_tokens
const memoryAt = (share: number, extra: Record<string, unknown> = {}) => ({
  ...memoryBase,
  ...extra,
  ...cm(
    clearTools({
      trigger: tokens(Math.round(memoryTokens / share)),
      exclude_tools: ["memory"],
    })
  ),
})
const codes = (request: unknown, a: Partial<Assumptions> = {}) =>
  simulateOk(request, { assumptions: a }).warnings.map((w) => w.code)

describe("memory warning marker (docs/semantics.md#memory-warning)", () => {
  it("marks the automatic warning over the switch's share of the trigger, only with the memory tool", () => {
    expect(codes(memoryAt(0.93))).toContain("memory_warning_expected")
    expect(codes(memoryAt(0.85))).not.toContain("memory_warning_expected")
    expect(codes(memoryAt(0.85), { memoryWarningAt: "0.8" })).toContain(
      "memory_warning_expected"
    )
    expect(codes(memoryAt(0.93, { tools: [] }))).not.toContain(
      "memory_warning_expected"
    )
    const w = simulateOk(memoryAt(0.93)).warnings.find(
      (x) => x.code === "memory_warning_expected"
    )!
    expect(w.path).toEqual(["context_management", "edits", 0])
    expect(w.message).toMatch(
      /^≈[\d,]+ input tokens is over 90 % of the clearing trigger/
    )
    const past = simulateOk(memoryAt(1.5)).warnings.find(
      (x) => x.code === "memory_warning_expected"
    )!
    expect(past.message).toMatch(/input tokens is past the clearing trigger/)
  })

  it("needs the Anthropic memory tool: a custom tool named memory gets no marker", () => {
    const custom = {
      name: "memory",
      description: "Our own notes store",
      input_schema: { type: "object" },
    }
    expect(codes(memoryAt(0.93, { tools: [custom] }))).not.toContain(
      "memory_warning_expected"
    )
  })

  it("is the same on a keep-only re-run as on a fresh run", () => {
    // Over the trigger (the marker still shows): clearing runs, so a
    // keep-only change takes the re-run path.
    const request = memoryAt(1.2)
    const withKeep = (keep: number, messages: unknown[]) => ({
      ...request,
      messages,
      ...cm(
        clearTools({
          ...(request.context_management.edits[0] as object),
          keep: uses(keep),
        })
      ),
    })
    // Same messages array: the re-run path; a copy: a full run.
    simulateOk(withKeep(2, request.messages))
    const rerun = simulateOk(withKeep(1, request.messages))
    const fresh = simulateOk(withKeep(1, [...request.messages]))
    expect(rerun.warnings).toEqual(fresh.warnings)
    expect(rerun.warnings.map((w) => w.code)).toContain(
      "memory_warning_expected"
    )
  })

  it("adds no tokens: the counts are the same with the marker off", () => {
    const on = simulateOk(memoryAt(0.93))
    const off = simulateOk(memoryAt(0.93), {
      assumptions: { memoryWarningAt: "off" },
    })
    expect(on.input_tokens).toBe(off.input_tokens)
    expect(on.original_input_tokens).toBe(off.original_input_tokens)
  })
})

describe("assumption switches", () => {
  it("the table below covers every switch", () => {
    expect(SWITCHES.map((s) => s[0]).sort()).toEqual(
      ASSUMPTION_SPECS.map((s) => s.key).sort()
    )
  })

  it.each(SWITCHES)(
    "%s: default %j and %j give different outcomes",
    (key, def, other, probe) => {
      expect(DEFAULT_ASSUMPTIONS[key]).toBe(def)
      const a = probe({})
      expect(probe({ [key]: def })).toEqual(a)
      expect(probe({ [key]: other })).not.toEqual(a)
    }
  )

  it("keep_all overrides a last-turn model default", () => {
    const r = simulateOk(
      {
        model: "claude-sonnet-4-5",
        thinking: THINKING,
        messages: oneThinkingTurn,
      },
      { assumptions: { implicitThinkingDefault: "keep_all" } }
    )
    expect(r.implicitThinking).toMatchObject({
      keep: "all",
      source: "assumption",
      applied: false,
    })
  })

  it("every spec has a label, description, reference and valid default", () => {
    for (const s of ASSUMPTION_SPECS) {
      expect(s.label.length).toBeGreaterThan(3)
      expect(s.description).toMatch(/\S/)
      expect(s.specRef).toMatch(/^§\d/)
      expect(["assumed", "documented", "observed"]).toContain(s.evidence)
      if (s.options) expect(s.options.map((o) => o.value)).toContain(s.default)
    }
  })

  it("resolveAssumptions ignores values of the wrong kind or outside the options", () => {
    const a = resolveAssumptions({
      triggerComparison: "lt",
      clearErrorResults: "no",
      placeholderText: 5,
      excludedCountTowardKeep: true,
    })
    expect(a).toEqual({ ...DEFAULT_ASSUMPTIONS, excludedCountTowardKeep: true })
    expect(resolveAssumptions(null)).toEqual(DEFAULT_ASSUMPTIONS)
  })
})
