import { describe, expect, it } from "vitest"

import { generateSession } from "@/lib/generate"

import { importSummary, parseImport } from "./index"
import { fixture } from "./test-helpers"

describe("parseImport detects each format", () => {
  it.each([
    ["curl-docs.sh", "curl", "curl command"],
    ["curl-heredoc.sh", "curl", "curl command"],
    [
      "claude-code-session.jsonl",
      "claude-code-jsonl",
      "Claude Code session (JSONL)",
    ],
    ["openai-chat.json", "openai-chat", "OpenAI chat request"],
    [
      "legacy-stock-price-messages.json",
      "legacy-xml",
      "legacy XML tool use in Messages JSON",
    ],
    [
      "legacy-weather-transcript.txt",
      "legacy-xml",
      "legacy XML transcript (Human/Assistant)",
    ],
  ])("%s → %s", (name, format, label) => {
    const result = parseImport(fixture(name))
    expect(result).toMatchObject({ success: true, format, label })
    if (result.success)
      expect(result.notes[0]?.message).toBe(`Detected: ${label}`)
  })

  it.each([
    [
      "a Messages request",
      JSON.stringify({
        model: "m",
        max_tokens: 1,
        messages: [{ role: "user", content: "hi" }],
      }),
      "anthropic-json",
    ],
    [
      "a bare messages array",
      JSON.stringify([{ role: "user", content: "hi" }]),
      "messages-array",
    ],
    ["a plain transcript", "\n\nHuman: hi\n\nAssistant: hello", "legacy-xml"],
    [
      "a Messages request with a mid-conversation system message and tool blocks",
      JSON.stringify({
        model: "claude-sonnet-4-5",
        max_tokens: 1,
        messages: [
          { role: "system", content: "Be terse." },
          { role: "user", content: "go" },
          {
            role: "assistant",
            content: [{ type: "tool_use", id: "a", name: "t", input: {} }],
          },
          {
            role: "user",
            content: [{ type: "tool_result", tool_use_id: "a", content: "r" }],
          },
        ],
      }),
      "anthropic-json",
    ],
    [
      "an OpenAI chat with no system message, tools or calls (its model and fields say so)",
      JSON.stringify({
        model: "gpt-4o",
        temperature: 2,
        n: 1,
        messages: [{ role: "user", content: "hi" }],
      }),
      "openai-chat",
    ],
    [
      "an OpenAI chat whose only sign is `stop` and `response_format`",
      JSON.stringify({
        model: "my-proxy-model",
        stop: "END",
        response_format: { type: "text" },
        messages: [{ role: "user", content: "hi" }],
      }),
      "openai-chat",
    ],
    [
      "a bare OpenAI messages array",
      JSON.stringify([
        { role: "system", content: "s" },
        { role: "user", content: "hi" },
      ]),
      "openai-chat",
    ],
    [
      "a Messages request saved with a byte-order mark",
      "\uFEFF" +
        JSON.stringify({
          model: "m",
          messages: [{ role: "user", content: "hi" }],
        }),
      "anthropic-json",
    ],
    [
      "a script that sets options and exports before its curl command",
      [
        "#!/bin/bash",
        "set -euo pipefail",
        "export MODEL=claude-sonnet-4-6",
        "curl https://api.anthropic.com/v1/messages \\",
        '  -H "content-type: application/json" \\',
        `  -d '${JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 5, messages: [{ role: "user", content: "hi" }] })}'`,
      ].join("\n"),
      "curl",
    ],
    [
      "a heredoc piped into curl",
      [
        "cat <<'EOF' | curl https://api.anthropic.com/v1/messages -d @-",
        JSON.stringify({
          model: "claude-sonnet-4-6",
          max_tokens: 5,
          messages: [{ role: "user", content: "hi" }],
        }),
        "EOF",
      ].join("\n"),
      "curl",
    ],
    [
      "a generated session",
      JSON.stringify(
        generateSession({ targetTokens: 5_000, thinking: true, seed: 1 })
      ),
      "anthropic-json",
    ],
  ])("%s", (_name, text, format) => {
    expect(parseImport(text)).toMatchObject({ success: true, format })
  })

  it("says what it cannot recognise", () => {
    const result = parseImport("hello there")
    expect(result).toMatchObject({
      success: false,
      format: "unknown",
      error: { message: expect.stringMatching(/Could not recognise/) },
    })
    expect(parseImport('{"model": "x"}')).toMatchObject({
      success: false,
      error: { message: expect.stringMatching(/no `messages` array/) },
    })
    expect(parseImport("   ")).toMatchObject({
      success: false,
      error: { message: expect.stringMatching(/Nothing to import/) },
    })
  })

  it("locates JSON syntax errors", () => {
    const result = parseImport(
      '{\n  "messages": [\n    {"role": "user", "content": "hi"},,\n  ]\n}'
    )
    expect(result).toMatchObject({
      success: false,
      error: { line: 3, column: expect.any(Number) },
    })
  })

  it("counts the pasted input for the before/after preview", () => {
    const transcript = parseImport(fixture("legacy-weather-transcript.txt"))
    expect(transcript).toMatchObject({
      before: { messages: 2, toolUses: 0, legacyCalls: 1, legacyResults: 1 },
    })
    const json = parseImport(fixture("legacy-stock-price-messages.json"))
    expect(json).toMatchObject({ before: { messages: 6, legacyCalls: 2 } })
    expect(parseImport(fixture("curl-docs.sh"))).not.toHaveProperty("before")
  })

  it("summarises a successful import in one line", () => {
    const result = parseImport(fixture("legacy-stock-price-messages.json"))
    expect(importSummary(result)).toBe(
      "Imported legacy XML tool use in Messages JSON: 6 messages, 2 tool uses"
    )
  })
})

// Hostile input must be answered, never hang the page. Each test's timeout
// is that guard (far above any normal run); speed itself is measured by
// bench/import, never asserted here.
const HANG_GUARD_MS = 15_000

describe("parseImport on hostile input answers with a clear error", () => {
  it(
    "rejects input over 20 MB",
    () => {
      const result = parseImport(
        `{"messages": "${"a".repeat(21 * 1024 * 1024)}"}`
      )
      expect(result).toMatchObject({
        success: false,
        error: { message: expect.stringMatching(/limit is 20 MB/) },
      })
    },
    HANG_GUARD_MS
  )

  it(
    "rejects 100k-deep nesting without blowing the stack",
    () => {
      const result = parseImport(`${"[".repeat(100_000)}${"]".repeat(100_000)}`)
      expect(result).toMatchObject({
        success: false,
        error: {
          message: expect.stringMatching(/nested more than 128/),
          line: 1,
          column: 129,
        },
      })
    },
    HANG_GUARD_MS
  )

  it(
    "rejects deep nesting in a JSONL line and in a legacy parameter",
    () => {
      const jsonl = `{"type":"user","uuid":"a","message":{"role":"user","content":"x"}}\n${"[".repeat(50_000)}\n`
      expect(parseImport(jsonl).success).toBe(false)
      const legacy = `<tools><tool_description><tool_name>f</tool_name><parameters><parameter><name>l</name><type>list</type></parameter></parameters></tool_description></tools>\n\nHuman: go\n\nAssistant: <function_calls><invoke><tool_name>f</tool_name><parameters><l>${"[".repeat(100_000)}</l></parameters></invoke></function_calls>`
      const result = parseImport(legacy)
      expect(result.success).toBe(true) // kept as text with a warning
    },
    HANG_GUARD_MS
  )

  it.each([
    ["NUL bytes", `{"messages": []}\u0000\u0001\u0002`, /binary file/],
    ["unpaired surrogates", `{"messages": "\uD800"}`, /invalid UTF-16/],
    ["undecodable bytes", `\uFFFD`.repeat(200), /binary file/],
  ])(
    "rejects %s",
    (_name, text, message) => {
      const result = parseImport(text)
      expect(result).toMatchObject({
        success: false,
        error: { message: expect.stringMatching(message) },
      })
    },
    HANG_GUARD_MS
  )

  it(
    "answers legacy markup with thousands of unclosed tags",
    () => {
      const calls = `\n\nHuman: go\n\nAssistant: ${"<function_calls><invoke><tool_name>f</tool_name><parameters><a>".repeat(10_000)}`
      // Each unclosed <invoke> is accepted as a call (with a note).
      const imported = parseImport(calls)
      expect(imported).toMatchObject({ success: true, format: "legacy-xml" })
      const blocks = imported.success
        ? imported.data.messages.flatMap((m) =>
            typeof m.content === "string" ? [] : m.content
          )
        : []
      expect(blocks.filter((b) => b.type === "tool_use")).toHaveLength(10_000)
      const results = `\n\nHuman: ${"<function_results><result>".repeat(15_000)}`
      expect(parseImport(results)).toMatchObject({
        success: false,
        error: { message: expect.stringMatching(/no usable messages/) },
      })
    },
    HANG_GUARD_MS
  )

  it(
    "imports a 7 MB request",
    () => {
      const big = JSON.stringify(
        generateSession({ targetTokens: 2_000_000, thinking: true, seed: 3 })
      )
      const result = parseImport(big)
      expect(result.success).toBe(true)
    },
    HANG_GUARD_MS
  )
})
