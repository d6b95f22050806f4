import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { hiddenParts, lookupHidden } from "./hidden"
import { HIDDEN_ROWS } from "./hidden-table"

const ask = (extra: Record<string, unknown>, model = "claude-sonnet-4-5") => ({
  model,
  max_tokens: 1024,
  messages: [{ role: "user", content: "Where do I live?" }],
  ...extra,
})

describe("hidden tokens", () => {
  it("counts the memory tool's hidden prompt as its own part, with evidence", () => {
    const parts = hiddenParts(
      ask({ tools: [{ type: "memory_20250818", name: "memory" }] }),
      "legacy"
    )
    expect(parts).toHaveLength(1)
    expect(parts[0]).toMatchObject({
      feature: "tool:memory",
      label: "memory tool (hidden)",
      basis: "measured",
      path: ["tools", 0],
    })
    expect(parts[0]!.tokens).toBeGreaterThan(1000)
    expect(parts[0]!.evidence).toMatch(/pydantic-ai/)
  })

  it("puts the hidden part in simulate's categories and total", () => {
    const plain = simulate(ask({}))
    const mem = simulate(
      ask({ tools: [{ type: "memory_20250818", name: "memory" }] })
    )
    if (!plain.ok || !mem.ok) throw new Error("rejected")
    expect(mem.categories.before.hidden).toBe(mem.hiddenTokens[0]!.tokens)
    // pydantic-ai cassette: 1,577 real input tokens for this very request.
    expect(mem.original_input_tokens / 1577).toBeGreaterThan(0.9)
    expect(mem.original_input_tokens / 1577).toBeLessThan(1.1)
    expect(plain.categories.before.hidden).toBe(0)
  })

  it("scales a row measured on the other tokenizer family, without a warning", () => {
    const legacy = lookupHidden(
      ["tool:memory_20250818", "tool:memory"],
      "legacy"
    )
    const next = lookupHidden(["tool:memory_20250818", "tool:memory"], "next")
    expect(legacy.basis).toBe("measured")
    expect(next.basis).toBe("other_family")
    expect(next.tokens).toBeGreaterThan(legacy.tokens)
  })

  it("says so when a hidden size was never measured, and still counts a guess", () => {
    const r = simulate(
      ask({ tools: [{ type: "future_thing_20270101", name: "future" }] })
    )
    if (!r.ok) throw new Error(r.error.message)
    expect(r.hiddenTokens[0]).toMatchObject({
      label: "future thing tool (hidden)",
      basis: "guess",
    })
    expect(r.categories.before.hidden).toBeGreaterThan(0)
    const w = r.warnings.find((x) => x.code === "hidden_tokens_estimated")
    expect(w?.message).toMatch(/future thing/)
  })

  it("counts an MCP server as its tool definitions plus the tool-use prompt they join, not the toolset entry again", () => {
    const server = { type: "url", url: "https://x.test/mcp", name: "docs" }
    const parts = (body: Record<string, unknown>) =>
      hiddenParts(ask(body), "legacy").map((p) => p.feature)
    expect(parts({ mcp_servers: [server] })).toEqual([
      "tool_choice:auto",
      "mcp_server",
    ])
    expect(
      parts({
        mcp_servers: [server],
        tools: [{ type: "mcp_toolset", mcp_server_name: "docs" }],
      })
    ).toEqual(["tool_choice:auto", "mcp_server"])
    const r = simulate(ask({ mcp_servers: [server] }))
    if (!r.ok) throw new Error(r.error.message)
    const bare = simulate(ask({}))
    if (!bare.ok) throw new Error(bare.error.message)
    // the tool-use prompt the server's tools join
    expect(
      r.categories.before.overhead - bare.categories.before.overhead
    ).toBeGreaterThan(300)
  })

  it("counts forced tool use only when there are tools", () => {
    const tool = { name: "f", input_schema: { type: "object" } }
    expect(
      hiddenParts(ask({ tool_choice: { type: "any" } }), "legacy")
    ).toEqual([])
    const parts = hiddenParts(
      ask({ tools: [tool], tool_choice: { type: "any" } }),
      "legacy"
    )
    expect(parts.map((p) => p.label)).toEqual(["forced tool use (hidden)"])
  })

  it("has evidence on every row", () => {
    for (const r of HIDDEN_ROWS) expect(r.evidence.length).toBeGreaterThan(20)
  })
})
