import { readFileSync } from "node:fs"
import { join } from "node:path"
import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { smallRequestArb } from "@/lib/share/fake-states"

import { exportCode, type ExportLanguage } from "./export-code"
import { curlData } from "./testing/read-snippets"
import { prepareRequest, type ExportTarget } from "./request-body"
import { fakeKey } from "@/test/fake-key"

const fixture = JSON.parse(
  readFileSync(join(__dirname, "../share/__fixtures__/v1.json"), "utf8")
) as { request: Record<string, unknown> }
const request = fixture.request // has a compact_20260112 edit

const simple = {
  model: "claude-sonnet-4-5",
  max_tokens: 64,
  messages: [{ role: "user", content: "Hi" }],
  context_management: { edits: [{ type: "clear_tool_uses_20250919" }] },
}

const languages: ExportLanguage[] = ["curl", "python", "typescript"]
const targets: ExportTarget[] = ["messages", "count_tokens"]
const all = languages.flatMap((language) =>
  targets.map((target) => ({ language, target }))
)

/** The snippet that sends `body` to the Messages endpoint in `language`. */
const messagesCode = (body: unknown, language: ExportLanguage) =>
  exportCode(body, { language, target: "messages" })

describe("exportCode", () => {
  it("writes curl in the docs' style", () => {
    const code = messagesCode(simple, "curl")
    expect(code.split("\n").slice(0, 6)).toEqual([
      "curl https://api.anthropic.com/v1/messages \\",
      '  -H "x-api-key: $ANTHROPIC_API_KEY" \\',
      '  -H "anthropic-version: 2023-06-01" \\',
      '  -H "anthropic-beta: context-management-2025-06-27" \\',
      '  -H "content-type: application/json" \\',
      "  --data '{",
    ])
  })

  it("adds compact-2026-01-12 only when a compact_20260112 edit is present", () => {
    for (const { language, target } of all) {
      expect(exportCode(request, { language, target })).toContain(
        "compact-2026-01-12"
      )
      expect(exportCode(simple, { language, target })).not.toContain(
        "compact-2026-01-12"
      )
      expect(exportCode(simple, { language, target })).toContain(
        "context-management-2025-06-27"
      )
    }
  })

  it.each([
    ["python", "messages", "message = client.beta.messages.create("],
    ["python", "count_tokens", "response = client.beta.messages.count_tokens("],
    [
      "typescript",
      "messages",
      "const message = await client.beta.messages.create({",
    ],
    [
      "typescript",
      "count_tokens",
      "const response = await client.beta.messages.countTokens({",
    ],
    [
      "curl",
      "count_tokens",
      "curl https://api.anthropic.com/v1/messages/count_tokens \\",
    ],
  ] as const)("%s %s calls the right method", (language, target, line) => {
    expect(exportCode(simple, { language, target }).split("\n")).toContain(line)
  })

  it("leaves out what count_tokens rejects, and says so", () => {
    const body = {
      ...simple,
      stream: true,
      temperature: 0.5,
      stop_sequences: ["x"],
    }
    for (const language of languages) {
      const code = exportCode(body, { language, target: "count_tokens" })
      const [note, ...rest] = code.split("\n")
      expect(note).toMatch(
        /count_tokens does not accept max_tokens, stream, temperature, stop_sequences;/
      )
      for (const field of [
        "max_tokens",
        "stream",
        "temperature",
        "stop_sequences",
      ]) {
        expect(rest.join("\n")).not.toContain(field)
      }
    }
  })

  it("never contains a key, even one pasted into the request", () => {
    const leaky = {
      ...simple,
      api_key: fakeKey("api03-LEAKLEAKLEAK"),
      metadata: { authorization: "Bearer zzz" },
    }
    for (const { language, target } of all) {
      const code = exportCode(leaky, { language, target })
      expect(code).not.toContain("LEAK")
      expect(code).not.toContain("zzz")
    }
  })

  it("exports a deeply nested tool input in every language (each level is laid out once, not twice per level)", () => {
    // 64 levels, like the deepest a share link carries: small inner levels
    // once made the layout try both forms at every level (2^depth).
    let input: unknown = { v: 1 }
    for (let i = 0; i < 64; i++) input = i % 2 ? { k: [input] } : [input, 0]
    const request = {
      model: "m",
      max_tokens: 5,
      messages: [
        { role: "user", content: "go" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "t", name: "x", input: { input } }],
        },
      ],
    }
    for (const language of ["curl", "python", "typescript"] as const) {
      const code = messagesCode(request, language)
      expect(code).toMatch(/\bv"?: 1/)
    }
    const curl = messagesCode(request, "curl")
    expect(curlData(curl)).toEqual(request)
  })

  it("uses environment references for the key", () => {
    expect(messagesCode(simple, "curl")).toContain("$ANTHROPIC_API_KEY")
    expect(messagesCode(simple, "python")).toContain("anthropic.Anthropic()")
    expect(messagesCode(simple, "typescript")).toContain("new Anthropic()")
  })

  it("iterates a streamed response", () => {
    const body = { ...simple, stream: true }
    expect(messagesCode(body, "python")).toContain("for event in stream:")
    expect(messagesCode(body, "typescript")).toContain(
      "for await (const event of stream)"
    )
  })

  it("passes fields the Python SDK has no parameter for through extra_body", () => {
    const code = messagesCode({ ...simple, "new-field": 1 }, "python")
    expect(code).toContain('    extra_body={"new-field": 1},')
  })

  it("merges betas from the request and drops unsafe names", () => {
    const code = messagesCode(
      { ...simple, betas: ["files-api-2025-04-14", 'x" $(touch /tmp/p)'] },
      "curl"
    )
    expect(code).toContain(
      '-H "anthropic-beta: context-management-2025-06-27,files-api-2025-04-14"'
    )
    expect(code).not.toContain("touch")
    expect(code).not.toContain('"betas"')
  })

  it.each(languages)(
    "explains a request that is not an object (%s)",
    (language) => {
      const code = exportCode("{ half typed", { language, target: "messages" })
      expect(code).toMatch(/^(#|\/\/) The request is not a JSON object yet/)
    }
  )

  it("sends every field to messages; only betas move into the header", () => {
    const extraKey = fc
      .string({ maxLength: 8 })
      .filter((k) => !/token|secret|key|auth|password|cookie|betas/i.test(k))
    fc.assert(
      fc.property(
        smallRequestArb,
        fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        (request, extra) => {
          const body = { ...extra, ...request }
          const prepared = prepareRequest(
            { ...body, betas: ["files-api-2025-04-14"] },
            "messages"
          )
          expect(prepared?.body).toEqual(JSON.parse(JSON.stringify(body)))
          expect(prepared?.betas).toContain("files-api-2025-04-14")
          expect(prepared?.dropped).toEqual([])
        }
      ),
      { numRuns: 100 }
    )
  })
})
