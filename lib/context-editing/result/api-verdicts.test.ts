/**
 * Request → the API's verdict, one row per rule, each with its evidence.
 * `ok` rows are requests the API answers 200 (the engine must not reject
 * them); error rows give the start of the API's message (or ours, where the
 * evidence is a behaviour without its words, marked "wording ours").
 */
import { describe, expect, it } from "vitest"

import { accepts, simulate } from "./simulate"

import {
  clearTools,
  simulateError,
  simulateOk,
  text,
  textDocument,
  tokens,
  toolRound,
  uses,
} from "../__fixtures__/build"

const user = (content: unknown) => ({ role: "user", content })
const base = { model: "claude-sonnet-4-6", max_tokens: 4096 }
const withEdits = (edits: unknown[], extra: Record<string, unknown> = {}) => ({
  ...base,
  messages: [user("hi")],
  context_management: { edits },
  ...extra,
})
/** A request of the one user message "hi" with these fields. */
const hi = (fields: Record<string, unknown>) => ({
  ...base,
  ...fields,
  messages: [user("hi")],
})
/** A request of one user message with these content blocks. */
const userBlocks = (...content: unknown[]) => ({
  ...base,
  messages: [user(content)],
})
const toolLoop = (result: Record<string, unknown>) => [
  user("find it"),
  {
    role: "assistant",
    content: [{ type: "tool_use", id: "t1", name: "tool_search", input: {} }],
  },
  user([{ type: "tool_result", tool_use_id: "t1", ...result }]),
]
const THINK = { type: "enabled", budget_tokens: 2048 }

type Row = [name: string, evidence: string, request: unknown, verdict: string]

/** "ok", or the start of the 400's message. */
const ROWS: Row[] = [
  [
    "tool_reference blocks inside a tool_result (tool search)",
    "SDK BetaToolResultBlockParam.content; issue 38 (a real 200)",
    {
      ...base,
      messages: toolLoop({
        content: [
          { type: "tool_reference", tool_name: "get_weather" },
          { type: "tool_reference", tool_name: "get_time" },
        ],
      }),
    },
    "ok",
  ],
  [
    "search_result and document blocks in a user message",
    "SDK BetaSearchResultBlockParam, BetaRequestDocumentBlock",
    userBlocks(
      {
        type: "search_result",
        source: "https://example.com/a",
        title: "A",
        content: [text("Result text")],
      },
      textDocument("doc"),
      text("Summarise.")
    ),
    "ok",
  ],
  [
    "container_upload in a user message",
    "SDK BetaContainerUploadBlockParam (file_id)",
    userBlocks(
      { type: "container_upload", file_id: "file_01" },
      text("Analyse the file.")
    ),
    "ok",
  ],
  [
    "mcp_tool_use / mcp_tool_result and a web_search round in an assistant message",
    "SDK BetaMCPToolUseBlockParam (server_name), BetaWebSearchToolResultBlockParam",
    {
      ...base,
      messages: [
        user("look"),
        {
          role: "assistant",
          content: [
            {
              type: "mcp_tool_use",
              id: "m1",
              name: "lookup",
              server_name: "kb",
              input: { q: "x" },
            },
            {
              type: "mcp_tool_result",
              tool_use_id: "m1",
              content: [{ type: "text", text: "found" }],
            },
            {
              type: "server_tool_use",
              id: "srvtoolu_1",
              name: "web_search",
              input: { query: "x" },
            },
            {
              type: "web_search_tool_result",
              tool_use_id: "srvtoolu_1",
              content: [],
            },
            { type: "text", text: "Done." },
          ],
        },
        user("thanks"),
      ],
    },
    "ok",
  ],
  [
    "a well-formed block type the SDK does not define",
    "issue 38: counted and passed through with a warning, never a 400",
    userBlocks({ type: "future_block", data: "x" }),
    "ok",
  ],
  [
    "mcp_tool_use without server_name",
    "SDK: server_name is required",
    {
      ...base,
      messages: [
        user("look"),
        {
          role: "assistant",
          content: [{ type: "mcp_tool_use", id: "m1", name: "l", input: {} }],
        },
      ],
    },
    "messages.1.content.0.mcp_tool_use.server_name: Field required",
  ],
  [
    "tool_reference without tool_name",
    "SDK BetaToolReferenceBlockParam: tool_name is required",
    { ...base, messages: toolLoop({ content: [{ type: "tool_reference" }] }) },
    "messages.2.content.0.content.0.tool_reference.tool_name: Field required",
  ],
  [
    "clear_thinking not first",
    "OBS (live probes, 2026-09); DOC context editing: clear_thinking first",
    withEdits([clearTools(), { type: "clear_thinking_20251015" }], {
      thinking: THINK,
    }),
    "context_management: `clear_thinking_20251015` must be the first strategy in `context_management.edits` when provided",
  ],
  [
    "the same strategy twice",
    'OBS (live vendor test): "duplicate context management strategy" (rest of the wording ours)',
    withEdits([clearTools(), clearTools({ keep: uses(1) })]),
    "context_management: duplicate context management strategy",
  ],
  [
    "compaction trigger below the minimum",
    "OBS (2026-09 probes, two client libraries' tests): the new wording",
    withEdits([{ type: "compact_20260112", trigger: tokens(10_000) }], {
      model: "claude-opus-4-6",
    }),
    "context_management.edits.0.compact_20260112: trigger.value must be at least 50000",
  ],
  [
    "pause_after_compaction: null",
    "OBS: accepted like an absent field",
    withEdits([{ type: "compact_20260112", pause_after_compaction: null }], {
      model: "claude-opus-4-6",
    }),
    "ok",
  ],
  [
    "a tool loop under thinking enabled whose assistant message does not start with thinking",
    "OBS: live 400s (e.g. github.com/kaitranntt/ccs/issues/113)",
    {
      ...base,
      thinking: THINK,
      messages: [
        user("go"),
        ...toolRound([{ id: "t", name: "calc", result: "20" }]).slice(0, 2),
      ],
    },
    "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`.",
  ],
  [
    "thinking disabled on Sonnet 5.5",
    "DOC models/sonnet-5-5/whats-new: use between_tools instead (wording ours, on the API's pattern)",
    hi({
      model: "claude-sonnet-5-5",
      thinking: { type: "disabled" },
    }),
    '"thinking.type.disabled" is not supported for this model. Use "thinking.type.between_tools"',
  ],
  [
    "thinking between_tools on Sonnet 5.5",
    "DOC models/sonnet-5-5/whats-new: the lowest setting, no beta header",
    hi({
      model: "claude-sonnet-5-5",
      thinking: { type: "between_tools" },
    }),
    "ok",
  ],
  [
    "between_tools at effort max",
    "DOC (Sonnet 5.5 page): low, medium, high only (wording ours)",
    hi({
      model: "claude-sonnet-5-5",
      thinking: { type: "between_tools" },
      output_config: { effort: "max" },
    }),
    '`thinking.type: "between_tools"` cannot be combined with effort `max`',
  ],
  [
    "forced tool use on Sonnet 5.5",
    "DOC models/sonnet-5-5/whats-new: forced tool use returns an error (wording ours)",
    hi({
      model: "claude-sonnet-5-5",
      tools: [{ name: "f", input_schema: { type: "object" } }],
      tool_choice: { type: "any" },
    }),
    "tool_choice `any` (forced tool use) is not supported for this model",
  ],
  [
    "thinking enabled on Haiku 5.5",
    "OBS-3P (docs/semantics.md#models): adaptive only; the API's words for enabled (nvda-OpenAI#126)",
    hi({
      model: "claude-haiku-5-5",
      thinking: THINK,
    }),
    '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.',
  ],
  [
    "thinking enabled with a forced tool",
    "OBS: live 400s quoted in public code; DOC extended thinking: only auto/none with thinking",
    hi({
      thinking: THINK,
      tools: [{ name: "f", input_schema: { type: "object" } }],
      tool_choice: { type: "tool", name: "f" },
    }),
    "Thinking may not be enabled when tool_choice forces tool use.",
  ],
  [
    "an MCP toolset without a name",
    "SDK BetaMCPToolset; OBS: simonw/llm-anthropic tests/cassettes/test_anthropic/test_mcp_server_side_tool.yaml (200)",
    hi({
      tools: [{ type: "mcp_toolset", mcp_server_name: "deepwiki" }],
    }),
    "ok",
  ],
  [
    "a client tool without a name",
    "SDK BetaTool: name is required",
    hi({
      tools: [{ input_schema: { type: "object" } }],
    }),
    "tools.0.name: Field required",
  ],
  [
    "thinking with only block_binding",
    "OBS: pydantic/pydantic-ai tests/models/cassettes/test_anthropic/test_anthropic_fable_5_1_drops_a_stale_thinking_block.yaml (200)",
    hi({
      model: "claude-fable-5-1",
      thinking: { block_binding: { prefix_mismatch_behavior: "drop_block" } },
    }),
    "ok",
  ],
  [
    "budget_tokens not below max_tokens",
    "SDK BetaThinkingConfigEnabled: less than max_tokens",
    { ...base, max_tokens: 1024, thinking: THINK, messages: [user("hi")] },
    "`max_tokens` must be greater than `thinking.budget_tokens`.",
  ],
]

describe("the API's verdict per rule (each row cites its evidence)", () => {
  it.each(ROWS)("%s (%s)", (_name, _evidence, request, verdict) => {
    if (verdict === "ok") expect(simulateOk(request).ok).toBe(true)
    else
      expect(simulateError(request).message).toMatch(
        new RegExp(`^${escape(verdict)}`)
      )
  })

  // A session replay checks its first request with accepts() alone (session/timeline.ts).
  it.each(ROWS)("%s: accepts() gives simulate's verdict", (_n, _e, request) => {
    expect(accepts(request)).toBe(simulate(request).ok)
  })

  it("passes an unknown block through unchanged, counted, with a located warning", () => {
    const block = { type: "future_block", data: "x".repeat(400) }
    const r = simulateOk(userBlocks(block))
    expect(
      r.warnings.find((w) => w.code === "unknown_block_type")?.path
    ).toEqual(["messages", 0, "content", 0])
    expect(
      (r.request as { messages: { content: unknown[] }[] }).messages[0]!
        .content[0]
    ).toBe(block)
    expect(r.blocks[0]!.tokensBefore).toBeGreaterThan(50)
  })

  it("gives a retired id the API's 404 with the switch on, and a dated warning by default", () => {
    const request = hi({
      model: "claude-opus-4-1",
    })
    const w = simulateOk(request).warnings.find(
      (x) => x.code === "retired_model"
    )
    expect(w?.message).toContain("retired from the API on 2026-08-05")
    expect(w?.message).toContain('404 not_found_error "model: claude-opus-4-1"')
    const e = simulateError(request, {
      assumptions: { rejectRetiredModels: true },
    })
    expect(e).toMatchObject({
      type: "not_found_error",
      message: "model: claude-opus-4-1",
    })
  })
})

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

describe("container", () => {
  const base = {
    model: "claude-sonnet-4-5",
    max_tokens: 64,
    messages: [{ role: "user", content: "4 * 12390?" }],
  }
  it("is the container id; an object with only an id is the API's 400 (OBS, live)", () => {
    expect(simulate({ ...base, container: "container_011" }).ok).toBe(true)
    const r = simulate({ ...base, container: { id: "container_011" } })
    expect(r.ok ? null : [r.error.path, r.error.message]).toEqual([
      ["container"],
      "container: Input should be a valid string",
    ])
  })
  it("may be an object that loads skills (SDK BetaContainerParams)", () => {
    const skills = [{ type: "anthropic", skill_id: "xlsx", version: "latest" }]
    expect(simulate({ ...base, container: { skills } }).ok).toBe(true)
  })
})
