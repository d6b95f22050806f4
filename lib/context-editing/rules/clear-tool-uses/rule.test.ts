import { describe, expect, it } from "vitest"

import {
  clearedThenKept,
  clearTools,
  pngImage,
  prose,
  simulateOk,
  statuses,
  text,
  textDocument,
  tokens,
  toolConversation,
  toolRound,
  uses,
} from "../../__fixtures__/build"

const MODEL = "claude-sonnet-4-5"
const req = (
  messages: unknown[],
  edit: Record<string, unknown>,
  extra: Record<string, unknown> = {}
) => ({
  model: MODEL,
  messages,
  context_management: { edits: [clearTools(edit)] },
  ...extra,
})
/** Every result counts, however small (the docs' literal reading; docs/semantics.md#small-results). */
const EVERY_RESULT = { assumptions: { smallResultChars: "0" as const } }
const results = (r: ReturnType<typeof simulateOk>) =>
  (r.request.messages as Array<{ content: unknown }>).flatMap((m) =>
    Array.isArray(m.content)
      ? m.content.filter((b: { type: string }) => b.type === "tool_result")
      : []
  ) as Array<{ tool_use_id: string; content: unknown; is_error?: boolean }>

describe("clear_tool_uses_20250919", () => {
  it("reports what clearing frees, which is exactly where clear_at_least starts skipping it", () => {
    const messages = toolConversation(5, 2000)
    const edit = { trigger: tokens(1000), keep: uses(2) }
    const free = simulateOk(req(messages, edit))
    const frees = free.edits[0]!.frees!
    // Clearing results only: the tokens freed are the applied entry's.
    expect(frees).toBe(
      free.context_management!.applied_edits[0]!.cleared_input_tokens
    )
    const gate = (n: number) =>
      simulateOk(req(messages, { ...edit, clear_at_least: tokens(n) }))
        .edits[0]!
    expect(gate(frees)).toMatchObject({ applied: true, frees })
    expect(gate(frees + 1)).toMatchObject({
      applied: false,
      stoppedAt: "gate",
      frees,
    })
    // Stopped before the gate (below the trigger): nothing to report.
    const below = simulateOk(
      req(messages, { ...edit, trigger: tokens(900_000) })
    )
    expect(below.edits[0]!.frees).toBeUndefined()
  })

  it("says the most clearing could free when it stopped at the trigger: clear_at_least skips it only past that", () => {
    const messages = toolConversation(5, 2000)
    const whole = simulateOk(
      req(messages, { trigger: tokens(1000), keep: uses(2) })
    )
    const total = whole.original_input_tokens
    // A trigger just under the prompt: clearing the oldest result is enough.
    const edit = { trigger: tokens(total - 100), keep: uses(2) }
    const r = simulateOk(req(messages, edit)).edits[0]!
    expect(r.mostFrees).toBe(whole.edits[0]!.frees)
    expect(r.frees!).toBeLessThan(r.mostFrees!)
    const gate = (n: number) =>
      simulateOk(req(messages, { ...edit, clear_at_least: tokens(n) }))
        .edits[0]!
    // Asking for more than the trigger needs clears more, up to the most.
    expect(gate(r.mostFrees!)).toMatchObject({
      applied: true,
      frees: r.mostFrees,
    })
    expect(gate(r.mostFrees! + 1)).toMatchObject({
      applied: false,
      stoppedAt: "gate",
    })
  })

  it("clears the oldest results first and keeps the `keep` most recent pairs", () => {
    const r = simulateOk(
      req(toolConversation(5, 2600), { trigger: tokens(1000), keep: uses(2) })
    )
    expect(statuses(r, "tool_result")).toEqual(clearedThenKept(3, 2))
    expect(results(r).map((b) => b.content)).toEqual([
      "[cleared]",
      "[cleared]",
      "[cleared]",
      expect.any(String),
      expect.any(String),
    ])
    // tool_use ids survive so the pairing stays valid
    expect(results(r).map((b) => b.tool_use_id)).toEqual([
      "toolu_0",
      "toolu_1",
      "toolu_2",
      "toolu_3",
      "toolu_4",
    ])
    expect(r.context_management).toEqual({
      applied_edits: [
        {
          type: "clear_tool_uses_20250919",
          cleared_tool_uses: 3,
          cleared_input_tokens: r.original_input_tokens - r.input_tokens,
        },
      ],
    })
    const cleared = r.blocks.find((b) => b.status === "cleared")!
    expect(cleared.reason).toMatch(
      /older than the most recent tool uses that keep holds/i
    )
    expect(cleared.reason).toContain('"[cleared]"')
    const kept = r.blocks.find((b) => b.status === "kept_recent")!
    expect(kept.reason).toContain("keep: 2")
    expect(cleared.placeholder).toBe("[cleared]")
    expect(cleared.tokensBefore).toBeGreaterThan(500)
  })

  it("does nothing below an input_tokens trigger and says how to change that", () => {
    const r = simulateOk(req(toolConversation(3, 500), {}))
    expect(r.original_input_tokens).toBeLessThan(100_000)
    expect(r.context_management).toEqual({ applied_edits: [] })
    expect(r.input_tokens).toBe(r.original_input_tokens)
    expect(r.edits[0]).toMatchObject({
      applied: false,
      entry: null,
      stoppedAt: "trigger",
    })
    expect(r.edits[0]!.steps[0]!.text).toMatch(
      /trigger 100,000.*lower the trigger/
    )
    expect(statuses(r, "tool_result")).toEqual(["kept", "kept", "kept"])
  })

  it("fires only when the prompt exceeds the trigger (> by default)", () => {
    const messages = toolConversation(3, 1500)
    const n = simulateOk(
      req(messages, { trigger: tokens(1), keep: uses(0) })
    ).original_input_tokens
    expect(
      simulateOk(req(messages, { trigger: tokens(n), keep: uses(0) }))
        .context_management!.applied_edits
    ).toEqual([])
    expect(
      simulateOk(req(messages, { trigger: tokens(n - 1), keep: uses(0) }))
        .context_management!.applied_edits
    ).toHaveLength(1)
  })

  it("supports the tool_uses trigger", () => {
    const messages = toolConversation(5, 300)
    expect(
      simulateOk(req(messages, { trigger: uses(5), keep: uses(1) })).edits[0]!
        .stoppedAt
    ).toBe("trigger")
    const r = simulateOk(req(messages, { trigger: uses(4), keep: uses(1) }))
    expect(r.edits[0]!.entry).toMatchObject({ cleared_tool_uses: 4 })
    expect(r.edits[0]!.steps[0]!.text).toBe(
      "5 tool uses > trigger 4 → clearing runs"
    )
  })

  it("keep 0 clears every answered result", () => {
    const r = simulateOk(
      req(toolConversation(3, 800), { trigger: tokens(100), keep: uses(0) })
    )
    expect(statuses(r, "tool_result")).toEqual([
      "cleared",
      "cleared",
      "cleared",
    ])
  })

  it("treats clear_at_least as an all-or-nothing gate", () => {
    const messages = toolConversation(4, 1200)
    const free = simulateOk(
      req(messages, { trigger: tokens(100), keep: uses(1) })
    ).edits[0]!.entry!.cleared_input_tokens
    const skipped = simulateOk(
      req(messages, {
        trigger: tokens(100),
        keep: uses(1),
        clear_at_least: tokens(free + 1),
      })
    )
    expect(skipped.context_management).toEqual({ applied_edits: [] })
    expect(skipped.input_tokens).toBe(skipped.original_input_tokens)
    expect(statuses(skipped, "tool_result")).toEqual([
      "not_applied",
      "not_applied",
      "not_applied",
      "kept_recent",
    ])
    expect(
      skipped.blocks.find((b) => b.status === "not_applied")!.reason
    ).toMatch(
      /Only ≈[\d,]+ of clear_at_least [\d,]+ tokens could be freed, so this edit was skipped/
    )
    expect(skipped.edits[0]).toMatchObject({
      stoppedAt: "gate",
      applied: false,
    })
    const applied = simulateOk(
      req(messages, {
        trigger: tokens(100),
        keep: uses(1),
        clear_at_least: tokens(free),
      })
    )
    expect(applied.edits[0]!.entry).toMatchObject({ cleared_tool_uses: 3 })
  })

  it("says so when the placeholder is longer than the tiny results it replaces (and reports 0, never a negative count)", () => {
    const messages = [
      { role: "user", content: "Check the flags." },
      ...toolRound([{ id: "toolu_a", name: "flag", result: "y" }]),
      ...toolRound([{ id: "toolu_b", name: "flag", result: "n" }]),
      { role: "assistant", content: "Both checked." },
      { role: "user", content: "Thanks." },
    ]
    // Results this small are skipped by default (docs/semantics.md#small-results).
    const ph = {
      assumptions: {
        placeholderText: "[result removed to save context]",
        smallResultChars: "0" as const,
      },
    }
    const grown = simulateOk(
      req(messages, { trigger: tokens(1), keep: uses(0) }),
      ph
    )
    expect(grown.context_management).toEqual({
      applied_edits: [
        {
          type: "clear_tool_uses_20250919",
          cleared_tool_uses: 2,
          cleared_input_tokens: 0,
        },
      ],
    })
    expect(grown.input_tokens).toBeGreaterThan(grown.original_input_tokens)
    expect(grown.edits[0]!.steps.find((st) => st.id === "gate")!.text).toMatch(
      /applied, although clearing adds ≈[\d,]+ tokens: the placeholders are longer than the results they replace \(a clear_at_least of 1 would skip it\)/
    )
    const gated = simulateOk(
      req(messages, {
        trigger: tokens(1),
        keep: uses(0),
        clear_at_least: tokens(1),
      }),
      ph
    )
    expect(gated.context_management).toEqual({ applied_edits: [] })
    expect(gated.input_tokens).toBe(gated.original_input_tokens)
    expect(
      gated.blocks.find((b) => b.status === "not_applied")!.reason
    ).toMatch(/would add tokens instead of freeing them/)
  })

  it("never clears exclude_tools uses or results, and they take no keep slot by default", () => {
    const names = ["memory", "search", "search", "memory", "search"]
    const r = simulateOk(
      req(
        toolConversation(5, 1000, (k) => names[k]!),
        { trigger: tokens(100), keep: uses(1), exclude_tools: ["memory"] }
      )
    )
    expect(statuses(r, "tool_result")).toEqual([
      "excluded",
      "cleared",
      "cleared",
      "excluded",
      "kept_recent",
    ])
    expect(statuses(r, "tool_use")).toEqual([
      "excluded",
      "kept",
      "kept",
      "excluded",
      "kept_recent",
    ])
    expect(r.blocks.find((b) => b.status === "excluded")!.reason).toBe(
      "`memory` is in exclude_tools → never cleared"
    )
  })

  it("clear_tool_inputs: true clears the inputs of cleared pairs only", () => {
    const r = simulateOk(
      req(toolConversation(3, 800), {
        trigger: tokens(100),
        keep: uses(1),
        clear_tool_inputs: true,
      })
    )
    const inputs = (r.request.messages as Array<{ content: unknown }>)
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((b: { type: string }) => b.type === "tool_use")
      .map((b: { input: unknown }) => b.input)
    expect(inputs).toEqual([{}, {}, { query: "toolu_2" }])
    expect(statuses(r, "tool_use")).toEqual([
      "input_cleared",
      "input_cleared",
      "kept_recent",
    ])
  })

  it("clear_tool_inputs as a list clears only the named tools' inputs", () => {
    const names = ["write_file", "read_file", "write_file", "read_file"]
    const r = simulateOk(
      req(
        toolConversation(4, 600, (k) => names[k]!),
        {
          trigger: tokens(100),
          keep: uses(0),
          clear_tool_inputs: ["write_file"],
        }
      )
    )
    expect(statuses(r, "tool_use")).toEqual([
      "input_cleared",
      "kept",
      "input_cleared",
      "kept",
    ])
  })

  it("counts each parallel tool_use as its own tool use", () => {
    const messages = [
      { role: "user", content: "Compare three cities." },
      ...toolRound([
        { id: "a", name: "weather", result: 900 },
        { id: "b", name: "weather", result: 900 },
        { id: "c", name: "weather", result: 900 },
      ]),
      { role: "user", content: "Which is warmest?" },
    ]
    // the last user message merges with the tool_result message: still one turn
    const r = simulateOk(req(messages, { trigger: tokens(100), keep: uses(1) }))
    expect(statuses(r, "tool_result")).toEqual([
      "cleared",
      "cleared",
      "kept_recent",
    ])
    expect(r.edits[0]!.entry).toMatchObject({ cleared_tool_uses: 2 })
  })

  it("pairs a large parallel batch answered in reverse order, oldest call cleared first", () => {
    const n = 1500
    const ids = Array.from(
      { length: n },
      (_, k) => `call_${(k * 7919) % 10007}`
    )
    const messages = [
      { role: "user", content: "Check every host." },
      {
        role: "assistant",
        content: ids.map((id) => ({
          type: "tool_use",
          id,
          name: "ping",
          input: { id },
        })),
      },
      {
        role: "user",
        content: [...ids].reverse().map((id) => ({
          type: "tool_result",
          tool_use_id: id,
          content: `${id} is up`,
        })),
      },
    ]
    // The results ("call_123 is up") are small: counted only with the switch off.
    const r = simulateOk(
      req(messages, { trigger: tokens(100), keep: uses(2) }),
      EVERY_RESULT
    )
    expect(r.edits[0]!.entry).toMatchObject({ cleared_tool_uses: n - 2 })
    // Results are listed newest call first: only the two newest calls are kept.
    const kept = r.blocks.filter(
      (b) => b.type === "tool_result" && b.status === "kept_recent"
    )
    expect(kept.map((b) => b.toolUseId)).toEqual([ids[n - 1], ids[n - 2]])
  })

  it("clears server tool results and matches exclude_tools on the server tool name", () => {
    const search = (id: string) => [
      { type: "server_tool_use", id, name: "web_search", input: { query: id } },
      {
        type: "web_search_tool_result",
        tool_use_id: id,
        content: [
          {
            type: "web_search_result",
            url: `https://e.org/${id}`,
            title: id,
            encrypted_content: prose(7, 3000),
          },
        ],
      },
    ]
    const fetch = (id: string) => [
      { type: "server_tool_use", id, name: "web_fetch", input: { url: id } },
      {
        type: "web_fetch_tool_result",
        tool_use_id: id,
        content: {
          type: "web_fetch_result",
          url: id,
          content: textDocument(prose(8, 3000)),
        },
      },
    ]
    const messages = [
      { role: "user", content: "Look it up." },
      {
        role: "assistant",
        content: [
          ...search("s1"),
          ...fetch("f1"),
          ...search("s2"),
          ...fetch("f2"),
          { type: "text", text: "Done." },
        ],
      },
      { role: "user", content: "Thanks." },
    ]
    // The statuses of the search results, then of the fetch results.
    const byTool = (extra: Record<string, unknown>) => {
      const edit = { trigger: tokens(100), keep: uses(1), ...extra }
      const r = simulateOk(req(messages, edit))
      return [
        statuses(r, "web_search_tool_result"),
        statuses(r, "web_fetch_tool_result"),
      ]
    }
    expect(byTool({})).toEqual([
      ["cleared", "cleared"],
      ["cleared", "kept_recent"],
    ])
    expect(byTool({ exclude_tools: ["web_search"] })).toEqual([
      ["excluded", "excluded"],
      ["cleared", "kept_recent"],
    ])
  })

  it("clears MCP tool results (mcp_tool_use / mcp_tool_result)", () => {
    const mcp = (id: string) => [
      {
        type: "mcp_tool_use",
        id,
        name: "list_issues",
        server_name: "github",
        input: { repo: "a/b" },
      },
      {
        type: "mcp_tool_result",
        tool_use_id: id,
        is_error: false,
        content: [{ type: "text", text: prose(3, 2000) }],
      },
    ]
    const messages = [
      { role: "user", content: "Issues?" },
      { role: "assistant", content: [...mcp("m1"), ...mcp("m2")] },
      { role: "user", content: "ok" },
    ]
    const r = simulateOk(req(messages, { trigger: tokens(100), keep: uses(1) }))
    expect(statuses(r, "mcp_tool_result")).toEqual(["cleared", "kept_recent"])
    expect(r.blocks.find((b) => b.type === "mcp_tool_result")).toMatchObject({
      toolName: "list_issues",
      toolUseId: "m1",
    })
  })

  it("keeps is_error on a cleared error result", () => {
    const messages = [
      { role: "user", content: "Run it." },
      ...toolRound([
        { id: "e1", name: "run", result: prose(4, 1500), isError: true },
      ]),
      ...toolRound([{ id: "e2", name: "run", result: 400 }]),
      { role: "assistant", content: "Fixed." },
      { role: "user", content: "Great." },
    ]
    const r = simulateOk(req(messages, { trigger: tokens(100), keep: uses(1) }))
    expect(results(r)[0]).toEqual({
      type: "tool_result",
      tool_use_id: "e1",
      content: "[cleared]",
      is_error: true,
    })
  })

  it("replaces a text+image result array with the placeholder and frees the image tokens", () => {
    const shot = [text("Screenshot:"), pngImage(1000, 1000)]
    const messages = [
      { role: "user", content: "Screenshot twice." },
      ...toolRound([{ id: "i1", name: "screenshot", result: shot }]),
      ...toolRound([{ id: "i2", name: "screenshot", result: shot }]),
      { role: "assistant", content: "Done." },
      { role: "user", content: "Compare." },
    ]
    const r = simulateOk(req(messages, { trigger: tokens(100), keep: uses(1) }))
    expect(results(r)[0]!.content).toBe("[cleared]")
    const b = r.blocks.find((x) => x.status === "cleared")!
    // 1000×1000 px ≈ 1,334 tokens (vision docs), plus the text and framing
    expect(b.tokensBefore).toBeGreaterThanOrEqual(1334)
    // the placeholder in the result's own wrapper (≈20, docs/tokens.md)
    expect(b.tokensAfter).toBeLessThan(30)
    expect(r.categories.before.images).toBe(0) // images inside results count as tool_results
  })

  it("never touches an unanswered final tool_use, even with keep 0", () => {
    const messages = [
      ...toolConversation(2, 800).slice(0, -2),
      {
        role: "assistant",
        content: [
          {
            type: "tool_use",
            id: "pending",
            name: "search",
            input: { q: "x" },
          },
        ],
      },
    ]
    const r = simulateOk(
      req(messages, {
        trigger: tokens(100),
        keep: uses(0),
        clear_tool_inputs: true,
      })
    )
    const pending = r.blocks.find((b) => b.toolUseId === "pending")!
    expect(pending).toMatchObject({
      status: "kept",
      tokensAfter: pending.tokensBefore,
    })
    expect(pending.reason).toMatch(/unanswered/)
    expect(r.edits[0]!.entry).toMatchObject({ cleared_tool_uses: 2 })
  })

  it("recomputes statelessly: results already reading [cleared] are ordinary tool uses", () => {
    const messages = toolConversation(3, 800)
    const round0 = messages[2] as { content: Array<Record<string, unknown>> }
    messages[2] = {
      role: "user",
      content: [{ ...round0.content[0], content: "[cleared]" }],
    }
    const edit = { trigger: tokens(100), keep: uses(1) }
    const r = simulateOk(req(messages, edit), EVERY_RESULT)
    expect(r.edits[0]!.entry).toMatchObject({ cleared_tool_uses: 2 })
    expect(simulateOk(req(messages, edit), EVERY_RESULT)).toEqual(r)
    // By default a result that reads "[cleared]" is too small to count: it
    // takes no keep slot, so keep 1 holds the newest, the middle one goes.
    const d = simulateOk(req(messages, edit))
    expect(d.edits[0]!.entry).toMatchObject({ cleared_tool_uses: 1 })
    expect(statuses(d, "tool_result")).toEqual([
      "kept",
      "cleared",
      "kept_recent",
    ])
    expect(d.blocks.find((b) => b.messageIndex === 2)!.reason).toMatch(
      /too small/
    )
  })
})

describe("clear_tool_uses after an earlier clear_tool_uses", () => {
  it("counts results the first edit cleared as its own victims and clears their inputs when asked", () => {
    const messages = toolConversation(3, 2000)
    const r = simulateOk(
      {
        model: MODEL,
        messages,
        context_management: {
          edits: [
            clearTools({ trigger: tokens(100), keep: uses(2) }),
            clearTools({
              trigger: tokens(100),
              keep: uses(0),
              clear_tool_inputs: true,
            }),
          ],
        },
      },
      { assumptions: { rejectDuplicateStrategies: false } }
    )
    expect(
      r.context_management!.applied_edits.map(
        (e) => "cleared_tool_uses" in e && e.cleared_tool_uses
      )
    ).toEqual([1, 3])
    // Every call's input is cleared by the second edit, the first one's too.
    const calls = r.blocks.filter((b) => b.type === "tool_use")
    expect(calls.map((b) => [b.status, b.editIndex])).toEqual([
      ["input_cleared", 1],
      ["input_cleared", 1],
      ["input_cleared", 1],
    ])
    // The first result keeps the first edit's verdict; the others are the second's.
    expect(
      r.blocks
        .filter((b) => b.type === "tool_result")
        .map((b) => [b.status, b.editIndex])
    ).toEqual([
      ["cleared", 0],
      ["cleared", 1],
      ["cleared", 1],
    ])
    const second = r.context_management!.applied_edits[1]!
    expect(second.cleared_input_tokens).toBe(
      r.edits[1]!.tokensBefore - r.edits[1]!.tokensAfter
    )
  })
})

describe("an edit that changes nothing (OBS docs/semantics.md#applied-edits)", () => {
  // Three searches; the first result already reads the placeholder.
  const messages = (() => {
    const m = toolConversation(3, 2000) as Array<{
      role: string
      content: unknown
    }>
    m[2] = {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_0", content: "[cleared]" },
      ],
    }
    return m
  })()
  // The first result is small; it counts only with the switch off.
  const run = (
    keep: number,
    extra: Record<string, unknown> = {},
    msgs = messages
  ) =>
    simulateOk(
      req(msgs, { trigger: tokens(100), keep: uses(keep), ...extra }),
      EVERY_RESULT
    )

  it("reports no entry when every result to clear already reads the placeholder", () => {
    const r = run(2)
    expect(r.context_management).toEqual({ applied_edits: [] })
    expect(r.input_tokens).toBe(r.original_input_tokens)
    expect(r.edits[0]).toMatchObject({ applied: false, stoppedAt: "result" })
    expect(r.blocks.find((b) => b.messageIndex === 2)).toMatchObject({
      status: "kept",
      editIndex: 0,
    })
    expect(r.blocks.find((b) => b.messageIndex === 2)!.reason).toMatch(
      /changes nothing/
    )
  })

  it("counts such a result with one that changes, and when its input is cleared", () => {
    expect(run(1).context_management!.applied_edits[0]).toMatchObject({
      cleared_tool_uses: 2,
    })
    const inputs = run(2, { clear_tool_inputs: true })
    expect(inputs.context_management!.applied_edits[0]).toMatchObject({
      cleared_tool_uses: 1,
    })
    expect(inputs.input_tokens).toBeLessThan(inputs.original_input_tokens)
  })

  it("gives the same answers on keep-only re-runs as on fresh runs", () => {
    // Same array: keep 1 → 2 → 1 takes the re-run path each time.
    const seq = [1, 2, 1, 2].map((k) => run(k))
    const fresh = [1, 2, 1, 2].map((k) => run(k, {}, [...messages]))
    expect(seq.map((r) => r.context_management)).toEqual(
      fresh.map((r) => r.context_management)
    )
    expect(seq.map((r) => r.blocks)).toEqual(fresh.map((r) => r.blocks))
    expect(seq[1]!.context_management).toEqual({ applied_edits: [] })
  })
})
