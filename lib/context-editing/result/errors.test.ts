import { describe, expect, it } from "vitest"

import { clearTools, simulateError, tokens, uses } from "../__fixtures__/build"
import { simulate } from "./simulate"

const user = (content: unknown = "Hi") => ({ role: "user", content })
const base = { model: "claude-sonnet-4-6", messages: [user()] }
const withEdits = (edits: unknown, extra: Record<string, unknown> = {}) => ({
  ...base,
  ...extra,
  context_management: { edits },
})
const thinking = { type: "enabled", budget_tokens: 2048 }
const toolUse = (id: string) => ({
  type: "tool_use",
  id,
  name: "search",
  input: {},
})
const toolResult = (id: string) => ({
  type: "tool_result",
  tool_use_id: id,
  content: "r",
})
const E = ["context_management", "edits", 0]
const CC = { type: "ephemeral" }

// [name, request, message, path] — messages follow the API's (docs/semantics.md#errors) where known.
const CASES: Array<[string, unknown, string, (string | number)[]]> = [
  [
    "context_management not an object",
    { ...base, context_management: 5 },
    "context_management: Input should be a valid dictionary or object",
    ["context_management"],
  ],
  [
    "unknown key in context_management",
    { ...base, context_management: { edit: [] } },
    "context_management.edit: Extra inputs are not permitted",
    ["context_management", "edit"],
  ],
  [
    "edits not a list",
    { ...base, context_management: { edits: {} } },
    "context_management.edits: Input should be a valid list",
    ["context_management", "edits"],
  ],
  [
    "unknown edit type",
    withEdits([{ type: "clear_everything" }]),
    "context_management.edits.0: Input tag 'clear_everything' found using 'type' does not match any of the expected tags: 'clear_tool_uses_20250919', 'clear_thinking_20251015', 'compact_20260112'",
    E,
  ],
  [
    "edit type that is not a string (Python's str() of it, as Pydantic prints it)",
    withEdits([{ type: { name: "clear", on: true, at: null } }]),
    "context_management.edits.0: Input tag '{'name': 'clear', 'on': True, 'at': None}' found using 'type' does not match any of the expected tags: 'clear_tool_uses_20250919', 'clear_thinking_20251015', 'compact_20260112'",
    E,
  ],
  [
    "thinking type false",
    { ...base, thinking: { type: false } },
    "thinking: Input tag 'False' found using 'type' does not match any of the expected tags: 'enabled', 'disabled', 'adaptive'",
    ["thinking"],
  ],
  [
    "edit without type",
    withEdits([{ keep: uses(1) }]),
    "context_management.edits.0: Unable to extract tag using discriminator 'type'",
    E,
  ],
  [
    "misspelt edit field",
    withEdits([clearTools({ exclude_tool: ["memory"] })]),
    "context_management.edits.0.exclude_tool: Extra inputs are not permitted",
    [...E, "exclude_tool"],
  ],
  [
    "compaction trigger below 50,000",
    withEdits([{ type: "compact_20260112", trigger: tokens(40_000) }]),
    "context_management.edits.0.compact_20260112: trigger.value must be at least 50000",
    [...E, "trigger", "value"],
  ],
  [
    "compaction trigger of type tool_uses",
    withEdits([{ type: "compact_20260112", trigger: uses(5) }]),
    "context_management.edits.0.trigger: Input tag 'tool_uses' found using 'type' does not match any of the expected tags: 'input_tokens'",
    [...E, "trigger"],
  ],
  [
    "compaction on Haiku 4.5",
    {
      ...withEdits([{ type: "compact_20260112" }]),
      model: "claude-haiku-4-5-20251001",
    },
    "'claude-haiku-4-5-20251001' does not support the 'compact_20260112' context management strategy.",
    E,
  ],
  [
    "compaction block without the compact edit",
    {
      ...base,
      messages: [
        user(),
        {
          role: "assistant",
          content: [{ type: "compaction", content: "summary" }],
        },
        user("next"),
      ],
    },
    "messages.1.content.0: `compaction` blocks require a `compact_20260112` strategy in `context_management.edits`.",
    ["messages", 1, "content", 0],
  ],
  [
    "compaction block with empty content",
    {
      ...withEdits([{ type: "compact_20260112" }]),
      messages: [
        user(),
        { role: "assistant", content: [{ type: "compaction", content: "" }] },
        user("next"),
      ],
    },
    "messages.1.content.0.compaction.content: content cannot be empty",
    ["messages", 1, "content", 0, "content"],
  ],
  [
    "clear_thinking without thinking",
    withEdits([{ type: "clear_thinking_20251015" }]),
    "`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive",
    E,
  ],
  [
    "clear_thinking not first",
    withEdits([clearTools(), { type: "clear_thinking_20251015" }], {
      thinking,
    }),
    "context_management: `clear_thinking_20251015` must be the first strategy in `context_management.edits` when provided",
    ["context_management", "edits", 1],
  ],
  [
    "thinking_turns value 0",
    withEdits(
      [
        {
          type: "clear_thinking_20251015",
          keep: { type: "thinking_turns", value: 0 },
        },
      ],
      { thinking }
    ),
    "context_management.edits.0.keep.value: Input should be greater than 0",
    [...E, "keep", "value"],
  ],
  [
    "thinking_turns value -2",
    withEdits(
      [
        {
          type: "clear_thinking_20251015",
          keep: { type: "thinking_turns", value: -2 },
        },
      ],
      { thinking }
    ),
    "context_management.edits.0.keep.value: Input should be greater than 0",
    [...E, "keep", "value"],
  ],
  [
    "clear_thinking keep as a bare number",
    withEdits([{ type: "clear_thinking_20251015", keep: 2 }], { thinking }),
    "context_management.edits.0.keep: Input should be a valid dictionary or object",
    [...E, "keep"],
  ],
  [
    "negative keep",
    withEdits([clearTools({ keep: uses(-1) })]),
    "context_management.edits.0.keep.value: Input should be greater than or equal to 0",
    [...E, "keep", "value"],
  ],
  [
    "negative trigger",
    withEdits([clearTools({ trigger: tokens(-5) })]),
    "context_management.edits.0.trigger.value: Input should be greater than or equal to 1",
    [...E, "trigger", "value"],
  ],
  [
    "negative clear_at_least",
    withEdits([clearTools({ clear_at_least: tokens(-1) })]),
    "context_management.edits.0.clear_at_least.value: Input should be greater than or equal to 0",
    [...E, "clear_at_least", "value"],
  ],
  [
    "fractional keep",
    withEdits([clearTools({ keep: uses(1.5) })]),
    "context_management.edits.0.keep.value: Input should be a valid integer, got a number with a fractional part",
    [...E, "keep", "value"],
  ],
  [
    "keep as a bare number",
    withEdits([clearTools({ keep: 3 })]),
    "context_management.edits.0.keep: Input should be a valid dictionary or object",
    [...E, "keep"],
  ],
  [
    "keep with the thinking_turns type",
    withEdits([clearTools({ keep: { type: "thinking_turns", value: 1 } })]),
    "context_management.edits.0.keep: Input tag 'thinking_turns' found using 'type' does not match any of the expected tags: 'tool_uses'",
    [...E, "keep"],
  ],
  [
    "trigger value as a string",
    withEdits([
      clearTools({ trigger: { type: "input_tokens", value: "100" } }),
    ]),
    "context_management.edits.0.trigger.value: Input should be a valid integer",
    [...E, "trigger", "value"],
  ],
  [
    "exclude_tools not a list",
    withEdits([clearTools({ exclude_tools: "memory" })]),
    "context_management.edits.0.exclude_tools: Input should be a valid list",
    [...E, "exclude_tools"],
  ],
  [
    "clear_tool_inputs a string",
    withEdits([clearTools({ clear_tool_inputs: "yes" })]),
    "context_management.edits.0.clear_tool_inputs: Input should be a valid boolean or a list of tool names",
    [...E, "clear_tool_inputs"],
  ],
  // Optional but not nullable in the SDK (no `| null`): null is a type error.
  [
    "clear_tool_uses trigger null",
    withEdits([clearTools({ trigger: null })]),
    "context_management.edits.0.trigger: Input should be a valid dictionary or object",
    [...E, "trigger"],
  ],
  [
    "clear_tool_uses keep null",
    withEdits([clearTools({ keep: null })]),
    "context_management.edits.0.keep: Input should be a valid dictionary or object",
    [...E, "keep"],
  ],
  [
    "clear_thinking keep null",
    withEdits([{ type: "clear_thinking_20251015", keep: null }], { thinking }),
    "context_management.edits.0.keep: Input should be a valid dictionary or object",
    [...E, "keep"],
  ],
  [
    "pause_after_compaction not a boolean",
    withEdits([{ type: "compact_20260112", pause_after_compaction: "yes" }], {
      model: "claude-opus-4-6",
    }),
    "context_management.edits.0.pause_after_compaction: Input should be a valid boolean",
    [...E, "pause_after_compaction"],
  ],
  [
    "edits null",
    { ...base, context_management: { edits: null } },
    "context_management.edits: Input should be a valid list",
    ["context_management", "edits"],
  ],
  [
    "tool_use without tool_result",
    {
      ...base,
      messages: [
        user(),
        {
          role: "assistant",
          content: [toolUse("toolu_1"), toolUse("toolu_2")],
        },
        user([toolResult("toolu_1")]),
      ],
    },
    "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_2. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
    ["messages", 1],
  ],
  [
    "tool_result without tool_use",
    { ...base, messages: [user([toolResult("ghost")])] },
    "messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: ghost. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
    ["messages", 0, "content", 0],
  ],
  [
    "tool_result two turns after its tool_use",
    {
      ...base,
      messages: [
        user(),
        { role: "assistant", content: [toolUse("a")] },
        user([toolResult("a")]),
        { role: "assistant", content: "ok" },
        user([toolResult("a")]),
      ],
    },
    "messages.4.content.0: unexpected `tool_use_id` found in `tool_result` blocks: a. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
    ["messages", 4, "content", 0],
  ],
  [
    "duplicate tool_use ids",
    {
      ...base,
      messages: [
        user(),
        { role: "assistant", content: [toolUse("a"), toolUse("a")] },
        user([toolResult("a")]),
      ],
    },
    "messages.1.content.1: `tool_use` ids must be unique",
    ["messages", 1, "content", 1],
  ],
  [
    "messages not a list",
    { model: "claude-sonnet-4-6", messages: "hi" },
    "messages: Input should be a valid list",
    ["messages"],
  ],
  [
    "no messages",
    { model: "claude-sonnet-4-6" },
    "messages: Field required",
    ["messages"],
  ],
  [
    "empty messages",
    { model: "claude-sonnet-4-6", messages: [] },
    "messages: List should have at least 1 item after validation, not 0",
    ["messages"],
  ],
  [
    "bad role",
    { ...base, messages: [{ role: "developer", content: "x" }] },
    "messages.0.role: Input should be 'user', 'assistant' or 'system'",
    ["messages", 0, "role"],
  ],
  [
    "system message with an unknown clear_at",
    {
      ...base,
      messages: [
        { role: "user", content: "hi" },
        { role: "system", content: "Be brief.", clear_at: "later" },
      ],
    },
    "messages.1.clear_at: Input should be 'next_user_message' or 'never'",
    ["messages", 1, "clear_at"],
  ],
  [
    "system message with neither content nor output_config",
    {
      ...base,
      messages: [{ role: "user", content: "hi" }, { role: "system" }],
    },
    "messages.1: a system message needs content or output_config",
    ["messages", 1],
  ],
  [
    "thinking block in a system message",
    {
      ...base,
      messages: [
        { role: "user", content: "hi" },
        {
          role: "system",
          content: [{ type: "thinking", thinking: "t", signature: "s" }],
        },
      ],
    },
    "messages.1.content.0: `thinking` blocks are only allowed in assistant messages",
    ["messages", 1, "content", 0],
  ],
  [
    "tool_addition without its tool",
    {
      ...base,
      messages: [
        { role: "user", content: "hi" },
        { role: "system", content: [{ type: "tool_addition" }] },
      ],
    },
    "messages.1.content.0.tool_addition.tool: Field required",
    ["messages", 1, "content", 0, "tool"],
  ],
  [
    "message without content",
    { ...base, messages: [{ role: "user" }] },
    "messages.0.content: Field required",
    ["messages", 0, "content"],
  ],
  [
    "empty user content",
    { ...base, messages: [user([])] },
    "messages.0: all messages must have non-empty content except for the optional final assistant message",
    ["messages", 0],
  ],
  [
    "block without type",
    { ...base, messages: [user([{ text: "hi" }])] },
    "messages.0.content.0: Unable to extract tag using discriminator 'type'",
    ["messages", 0, "content", 0],
  ],
  [
    "empty text block",
    { ...base, messages: [user([{ type: "text", text: "" }])] },
    "messages.0.content.0.text.text: text content blocks must be non-empty",
    ["messages", 0, "content", 0, "text"],
  ],
  [
    "tool_result in an assistant message",
    {
      ...base,
      messages: [user(), { role: "assistant", content: [toolResult("a")] }],
    },
    "messages.1.content.0: `tool_result` blocks are only allowed in user messages",
    ["messages", 1, "content", 0],
  ],
  [
    "tool_use input not an object",
    {
      ...base,
      messages: [
        user(),
        { role: "assistant", content: [{ ...toolUse("a"), input: "q" }] },
      ],
    },
    "messages.1.content.0.tool_use.input: Input should be a valid dictionary or object",
    ["messages", 1, "content", 0, "input"],
  ],
  [
    "thinking budget below 1024",
    { ...base, thinking: { type: "enabled", budget_tokens: 500 } },
    "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024",
    ["thinking", "budget_tokens"],
  ],
  [
    "max_tokens not above the thinking budget",
    { ...base, max_tokens: 2000, thinking },
    "`max_tokens` must be greater than `thinking.budget_tokens`.",
    ["max_tokens"],
  ],
  [
    "request body not an object",
    "hello",
    "Request body should be a JSON object or a messages array",
    [],
  ],
  [
    "tools not a list",
    { ...base, tools: {} },
    "tools: Input should be a valid list",
    ["tools"],
  ],
  [
    "duplicate tool names",
    {
      ...base,
      tools: [
        { name: "a", input_schema: { type: "object" } },
        { name: "a", input_schema: { type: "object" } },
      ],
    },
    "tools: Tool names must be unique.",
    ["tools"],
  ],
  [
    "a fifth cache breakpoint (tools, system, messages and inside a tool result all count), located at the fifth",
    {
      ...base,
      tools: [
        { name: "a", input_schema: { type: "object" }, cache_control: CC },
      ],
      system: [{ type: "text", text: "S", cache_control: CC }],
      messages: [
        user([{ type: "text", text: "a", cache_control: CC }]),
        { role: "assistant", content: [toolUse("t")] },
        user([
          {
            ...toolResult("t"),
            content: [{ type: "text", text: "r", cache_control: CC }],
          },
          { type: "text", text: "b", cache_control: CC },
        ]),
      ],
    },
    "A maximum of 4 blocks with cache_control may be provided. Found 5.",
    ["messages", 2, "content", 1, "cache_control"],
  ],
]

describe("invalid requests (docs/semantics.md#errors)", () => {
  it.each(CASES)("%s", (_name, request, message, path) => {
    const e = simulateError(request)
    expect(e.type).toBe("invalid_request_error")
    expect(e.message.startsWith(message)).toBe(true)
    expect(e.path).toEqual(path)
  })

  it("reports paths inside a pasted bare messages array relative to that array", () => {
    const e = simulateError([
      user(),
      { role: "assistant", content: [toolUse("a")] },
      user("no result"),
    ])
    expect(e.path).toEqual([1])
    expect(e.message).toMatch(/^messages\.1: `tool_use` ids were found without/)
  })

  it("keeps a hostile union tag to one short line (deep or huge values are elided)", () => {
    let deep: unknown = "bottom"
    for (let i = 0; i < 10_000; i++) deep = [deep]
    for (const [type, shown] of [
      [deep, "'[[[[[[...]]]]]]' found using 'type'"],
      [{ k: "v".repeat(5_000) }, "'{'k': 'vvvv"],
    ] as const) {
      const e = simulateError(withEdits([{ type }]))
      expect(e.path).toEqual(E)
      expect(e.message).toContain(shown)
      expect(e.message.length).toBeLessThan(300)
    }
  })

  it("accepts null where the SDK allows it: the documented default applies", () => {
    const r = simulate(
      withEdits(
        [
          clearTools({
            clear_at_least: null,
            exclude_tools: null,
            clear_tool_inputs: null,
          }),
          {
            type: "compact_20260112",
            trigger: null,
            instructions: null,
          },
        ],
        { model: "claude-opus-4-6" }
      )
    )
    expect(r.ok && r.context_management).toEqual({ applied_edits: [] })
  })

  it("accepts an unanswered tool_use in the final assistant message on a model that takes a prefill", () => {
    expect(
      simulate({
        ...base,
        model: "claude-sonnet-4-5",
        messages: [user(), { role: "assistant", content: [toolUse("a")] }],
      }).ok
    ).toBe(true)
  })

  it("rejects a final assistant message (a prefill) on Claude 4.6 and later, in the API's words, and accepts it before 4.6", () => {
    const prefill = (model: string) =>
      simulate({
        model,
        messages: [user(), { role: "assistant", content: "The answer is" }],
      })
    for (const model of [
      "claude-sonnet-4-6",
      "claude-opus-4-6",
      "us.anthropic.claude-opus-4-6-v1",
      "claude-opus-4-8",
      "claude-sonnet-5",
      "claude-fable-5",
    ]) {
      const r = prefill(model)
      expect(r.ok ? model : r.error.message).toBe(
        "This model does not support assistant message prefill. The conversation must end with a user message."
      )
      expect(r.ok ? null : r.error.path).toEqual(["messages", 1, "role"])
    }
    for (const model of [
      "claude-sonnet-4-5",
      "claude-haiku-4-5@20251001",
      "claude-3-5-haiku-latest",
      "anthropic.claude-3-haiku-20240307-v1:0",
    ])
      expect(prefill(model).ok).toBe(true)
  })

  it("accepts four cache breakpoints, and top-level automatic caching on top of them", () => {
    const four = (extra: Record<string, unknown> = {}) =>
      simulate({
        ...base,
        ...extra,
        system: [
          { type: "text", text: "S", cache_control: CC },
          { type: "text", text: "T", cache_control: null },
        ],
        messages: [
          user([
            { type: "text", text: "a", cache_control: CC },
            { type: "text", text: "b", cache_control: CC },
            {
              type: "text",
              text: "c",
              cache_control: { type: "ephemeral", ttl: "1h" },
            },
          ]),
        ],
      })
    expect(four().ok).toBe(true)
    expect(four({ cache_control: CC }).ok).toBe(true)
  })

  it("accepts consecutive same-role messages (the API merges them)", () => {
    const messages = [
      user(),
      user("more"),
      { role: "assistant", content: [toolUse("a"), toolUse("b")] },
      user([toolResult("a")]),
      user([toolResult("b")]),
    ]
    expect(simulate({ ...base, messages }).ok).toBe(true)
  })
})
