import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { fillLike } from "./filler"
import { requestArb } from "./fake-states"
import { redactJsonText, redactState } from "./redact"

const conversation = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  system: "Confidential system prompt for ACME Corp.",
  tools: [
    {
      name: "read_file",
      description: "Reads files from the ACME monorepo.",
      input_schema: {
        type: "object",
        properties: { path: { type: "string" } },
      },
    },
  ],
  messages: [
    {
      role: "user",
      content: "Our Q3 revenue was 4.2M — summarise 東京 report 👩‍💻",
    },
    {
      role: "assistant",
      content: [
        {
          type: "thinking",
          thinking: "The user wants the secret plan.",
          signature: "EqQBCkYIBxgCKkBsig==",
        },
        { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4" },
        { type: "text", text: "Let me read it." },
        {
          type: "tool_use",
          id: "toolu_01",
          name: "read_file",
          input: { path: "/secret/plan.md", id: "doc-7", depth: 2 },
        },
      ],
    },
    {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_01",
          content: [
            { type: "text", text: "# Plan\n\n1. Acquire Globex\n2. Profit" },
          ],
        },
        {
          type: "tool_result",
          tool_use_id: "toolu_02",
          content: "error: not found",
          is_error: true,
        },
      ],
    },
  ],
  context_management: {
    edits: [
      {
        type: "clear_tool_uses_20250919",
        keep: { type: "tool_uses", value: 1 },
        exclude_tools: ["read_file"],
      },
    ],
  },
}

// Every string in a JSON value with its path, to compare shapes.
function strings(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]]
  if (Array.isArray(value))
    return value.flatMap((v, i) => strings(v, `${path}[${i}]`))
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`))
  }
  return []
}

// The same value with every string replaced by its length: the "shape".
function shape(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) =>
      typeof v === "string" ? v.length : v
    )
  )
}

describe("redactState", () => {
  const redacted = redactState({
    request: conversation,
    view: { tab: "blocks" },
  })
  const json = JSON.stringify(redacted)

  it("removes every piece of content", () => {
    for (const secret of [
      "Confidential",
      "ACME",
      "revenue",
      "東京",
      "👩‍💻",
      "secret plan",
      "EqQBCkYIBxgCKkBsig",
      "EmwKAhgBEgy3va3pzix",
      "Let me read",
      "/secret/plan.md",
      "doc-7",
      "Acquire Globex",
      "not found",
    ]) {
      expect(json).not.toContain(secret)
    }
  })

  it("keeps structure, ids, tool names, model, numbers and edits", () => {
    expect(shape(redacted.request)).toEqual(shape(conversation))
    const r = redacted.request as typeof conversation
    expect(r.model).toBe(conversation.model)
    expect(r.context_management).toEqual(conversation.context_management)
    expect(r.tools[0]?.name).toBe("read_file")
    expect(r.tools[0]?.input_schema).toEqual(
      conversation.tools[0]?.input_schema
    )
    expect(r.messages[1]?.content).toMatchObject([
      { type: "thinking" },
      { type: "redacted_thinking" },
      { type: "text" },
      {
        type: "tool_use",
        id: "toolu_01",
        name: "read_file",
        input: { depth: 2 },
      },
    ])
    expect(r.messages[2]?.content).toMatchObject([
      { type: "tool_result", tool_use_id: "toolu_01" },
      { type: "tool_result", tool_use_id: "toolu_02", is_error: true },
    ])
    expect(redacted.view).toEqual({ tab: "blocks" })
  })

  it("keeps line breaks where they were", () => {
    const before = strings(conversation).map(([, s]) =>
      [...s.matchAll(/\n/g)].map((m) => m.index)
    )
    const after = strings(redacted.request).map(([, s]) =>
      [...s.matchAll(/\n/g)].map((m) => m.index)
    )
    expect(after).toEqual(before)
  })

  it("does not mutate its input", () => {
    const copy = structuredClone(conversation)
    redactState({ request: copy })
    expect(copy).toEqual(conversation)
  })

  it("is deterministic", () => {
    expect(redactState({ request: conversation })).toEqual(
      redactState({ request: conversation })
    )
  })

  it("preserves every string length on random requests", () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        const out = redactState({ request }).request
        expect(shape(out)).toEqual(shape(request))
      }),
      { numRuns: 60 }
    )
  })
})

describe("fillLike", () => {
  it.each([
    ["Hello, World!", "Lorem, Ipsum!"],
    ["a  b\n\tc", "l  i\n\td"],
    ["x = f(42);", "l = i(48);"],
    ["東京", "lo"],
    // 3 surrogate pairs + 2 ZWJ = 8 code units: "lorem" + "ips"
    ["👨‍👩‍👧", "loremips"],
    // a run longer than one word continues into the next: "lorem" + "i"
    ["abcdef gh", "loremi do"],
  ])("%j → %j", (input, output) => {
    expect(fillLike(input)).toBe(output)
    expect(output).toHaveLength(input.length)
  })

  it("never leaves a letter, digit or non-ASCII character of the input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const out = fillLike(text)
        expect(out).toHaveLength(text.length)
        expect(out).toMatch(/^[\x00-\x7f\u00a0]*$/)
      })
    )
  })
})

describe("redacting a mid-conversation system message", () => {
  it("keeps clear_at and effort, so the redacted request still hides the same message", () => {
    const request = {
      model: "claude-opus-4-8",
      messages: [
        { role: "user", content: "Plan the ACME merger" },
        {
          role: "system",
          content: "Never mention Globex.",
          clear_at: "next_user_message",
          output_config: { effort: "low" },
        },
        { role: "assistant", content: "Sure." },
        { role: "user", content: "Go on" },
      ],
    }
    const out = redactState({ request }).request as typeof request
    const sys = out.messages[1]!
    expect(sys.content).not.toContain("Globex")
    expect(sys.clear_at).toBe("next_user_message")
    expect(sys.output_config?.effort).toBe("low")
    const before = simulate(request)
    const after = simulate(out)
    if (!before.ok || !after.ok) throw new Error("expected both to simulate")
    expect(after.blocks.map((b) => b.status)).toEqual(
      before.blocks.map((b) => b.status)
    )
    expect(after.blocks[1]!.status).toBe("ignored")
  })
})

describe("redactJsonText (editor text that may not parse)", () => {
  it("keeps keys and structural values, fills the rest", () => {
    const text =
      '{"model": "claude-x", "messages": [{"role": "user", "content": "secret stuff", "n": 12}'
    expect(redactJsonText(text)).toBe(
      '{"model": "loremi-d", "messages": [{"role": "user", "content": "loremi dolor", "n": 12}'
    )
  })

  it("fills everything under input, even structural-looking keys", () => {
    const text =
      '{"type": "tool_use", "name": "bash", "input": {"name": "secret", "id": "x9"}, "id": "toolu_1"'
    const out = redactJsonText(text)
    expect(out).not.toContain("secret")
    expect(out).not.toContain('"x9"')
    expect(out).toContain('"name": "bash"')
    expect(out).toContain('"id": "toolu_1"')
    expect(out).toHaveLength(text.length)
  })

  it("fills bare words and non-ASCII prose, keeps true/false/null", () => {
    // Each bare word is filled on its own, so each starts at "lorem".
    const out = redactJsonText("just prose 日本 true null")
    expect(out).toBe("lore lorem lo true null")
  })

  it("keeps escapes valid", () => {
    const text = '{"content": "a\\nb \\"q\\" \\u00e9"}'
    const out = redactJsonText(text)
    expect(out).toHaveLength(text.length)
    expect(() => JSON.parse(out) as unknown).not.toThrow()
    expect(out).not.toContain("\\u00e9")
  })
})
