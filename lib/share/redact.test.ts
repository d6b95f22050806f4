import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { rawTextTokens } from "@/lib/tokens"

import { ALPHA_FILLER, EMOJI_FILLER, fillLike, WIDE_FILLER } from "./filler"
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
// Strings and numbers by their length (what the token estimate sees).
function shape(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) =>
      typeof v === "string"
        ? v.length
        : typeof v === "number"
          ? `#${String(v).length}`
          : v
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

  it("keeps structure, ids, tool names, model, number lengths and edits", () => {
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
        input: { depth: 4 },
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
    // Wide script stays wide (same token estimate), emoji stay emoji.
    ["東京", "的一"],
    // 3 surrogate pairs + 2 ZWJ (narrow: lorem letters) = 8 code units
    ["👨‍👩‍👧", "🙂l🙂i🙂"],
    // a run longer than one word continues into the next: "lorem" + "i"
    ["abcdef gh", "loremi do"],
  ])("%j → %j", (input, output) => {
    expect(fillLike(input)).toBe(output)
    expect(output).toHaveLength(input.length)
  })

  it("never leaves a non-ASCII character of the input, nor a lone surrogate, and keeps the estimate", () => {
    const filler = new RegExp(
      `^(?:[\\x00-\\x7f\\u00a0]|[${WIDE_FILLER}]|[${ALPHA_FILLER}]|${EMOJI_FILLER})*$`,
      "u"
    )
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const out = fillLike(text)
        expect(out).toHaveLength(text.length)
        expect(out).toMatch(filler)
        expect(rawTextTokens(out)).toBeCloseTo(rawTextTokens(text), 5)
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
    expect(out).toBe("lore lorem 的一 true null")
  })

  it("keeps escapes valid", () => {
    const text = '{"content": "a\\nb \\"q\\" \\u00e9"}'
    const out = redactJsonText(text)
    expect(out).toHaveLength(text.length)
    expect(() => JSON.parse(out) as unknown).not.toThrow()
    expect(out).not.toContain("\\u00e9")
  })
})

describe("redacting what travels outside messages, and the token shape", () => {
  const b64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes))
  // A 1000×800 PNG header, and a 640×480 JPEG whose EXIF segment names a place.
  const png = b64([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    0x49,
    0x48,
    0x44,
    0x52,
    0,
    0,
    3,
    0xe8,
    0,
    0,
    3,
    0x20,
    8,
    6,
    0,
    0,
    0,
    1,
    2,
    3,
    4,
    ...Array.from({ length: 300 }, (_, i) => (i * 7) & 255),
  ])
  const exif = [..."Exif GPS Reykjavik"].map((c) => c.charCodeAt(0))
  const jpeg = b64([
    0xff,
    0xd8,
    0xff,
    0xe1,
    0,
    exif.length + 2,
    ...exif,
    0xff,
    0xc0,
    0,
    17,
    8,
    1,
    0xe0,
    2,
    0x80,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    ...Array.from({ length: 200 }, (_, i) => (i * 13) & 255),
  ])
  const request = {
    model: "claude-opus-4-6",
    max_tokens: 100,
    metadata: { user_id: "ana@example.com" },
    stop_sequences: ["ACME-STOP"],
    mcp_servers: [
      { type: "url", name: "wiki", url: "https://wiki.acme.internal/mcp" },
    ],
    tools: [
      {
        name: "lookup",
        input_schema: {
          type: "object",
          properties: { team: { type: "string", enum: ["falcon-ops"] } },
          required: ["team"],
        },
      },
      {
        type: "web_search_20250305",
        name: "web_search",
        allowed_domains: ["acme-intranet.com"],
        user_location: { type: "approximate", city: "Reykjavik" },
      },
    ],
    context_management: {
      edits: [
        {
          type: "compact_20260112",
          instructions: "Keep the Falcon merger terms.",
        },
      ],
    },
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "東京の報告書を要約してください 👩‍💻🎉" },
          {
            type: "image",
            source: { type: "base64", media_type: "image/png", data: png },
          },
          {
            type: "image",
            source: { type: "base64", media_type: "image/jpeg", data: jpeg },
          },
        ],
      },
      {
        role: "assistant",
        content: [
          {
            type: "tool_use",
            id: "t1",
            name: "lookup",
            input: { team: "falcon-ops", account: 123456789 },
          },
        ],
      },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "t1", content: "ok" }],
      },
    ],
  }
  const redacted = redactState({ request }).request as typeof request
  const json = JSON.stringify(redacted)

  it.each([
    "ana@example.com",
    "ACME-STOP",
    "wiki.acme.internal",
    "falcon-ops",
    "acme-intranet",
    "Reykjavik",
    "Falcon merger",
    "123456789",
    "東京",
  ])("leaves nothing of %j", (secret) => {
    expect(json).not.toContain(secret)
    const images = redacted.messages[0]!.content as Array<{
      source?: { data: string }
    }>
    for (const image of images.slice(1))
      expect(atob(image.source!.data)).not.toContain(secret)
  })

  it("keeps tool names, schema structure, the edit settings and each image's pixel size", () => {
    expect(redacted.tools.map((t) => t.name)).toEqual(["lookup", "web_search"])
    expect(redacted.tools[0]!.input_schema!.required).toEqual(["team"])
    expect(redacted.context_management.edits[0]!.type).toBe("compact_20260112")
    const before = simulate(request)
    const after = simulate(redacted)
    if (!before.ok || !after.ok) throw new Error("invalid request")
    // Images, Japanese and emoji estimate the same after redaction.
    const tokens = (r: typeof before) => r.blocks.map((b) => b.tokensBefore)
    expect(tokens(after)).toEqual(tokens(before))
    expect(after.original_input_tokens).toBe(before.original_input_tokens)
  })
})
