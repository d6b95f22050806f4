import { describe, expect, it } from "vitest"

import { fromCurl } from "./from-curl"
import { splitShellCommand } from "./shell-words"
import { expectSuccess, fixture, noteText } from "./test-helpers"
import { fakeKey } from "@/test/fake-key"

describe("fromCurl", () => {
  it("reads the docs' curl example with line continuations", () => {
    const result = expectSuccess(fromCurl(fixture("curl-docs.sh")))
    expect(result.data.model).toBe("claude-sonnet-4-5")
    expect(result.data.context_management).toEqual({
      edits: [{ type: "clear_tool_uses_20250919" }],
    })
    expect(result.betas).toEqual(["context-management-2025-06-27"])
    expect(noteText(result)).toMatch(/API key header ignored/)
    expect(noteText(result)).toMatch(
      /Beta header found: context-management-2025-06-27/
    )
  })

  it("reads a heredoc body and never keeps a literal key", () => {
    // The fixture's key header holds a placeholder: the key-shaped value is
    // built at run time, so no committed file carries one.
    const literalKey = fakeKey("api03-LITERALKEYFORTESTS-0123456789")
    const command = fixture("curl-heredoc.sh").replace(
      "{{LITERAL_KEY}}",
      literalKey
    )
    expect(command).toContain(`x-api-key: ${literalKey}`)
    const result = expectSuccess(fromCurl(command))
    expect(result.data.model).toBe("claude-opus-4-6")
    expect(result.betas).toEqual([
      "context-management-2025-06-27",
      "compact-2026-01-12",
    ])
    expect(JSON.stringify(result.data.messages)).toContain(
      "$HOME that must stay literal"
    )
    expect(JSON.stringify(result)).not.toContain("sk-ant")
    expect(JSON.stringify(result)).not.toContain("LITERALKEYFORTESTS")
  })

  it.each([
    [
      "--data-raw",
      `curl https://api.anthropic.com/v1/messages --data-raw '{"messages":[{"role":"user","content":"@x"}]}'`,
    ],
    [
      "--json",
      `curl https://api.anthropic.com/v1/messages --json '{"messages":[{"role":"user","content":"@x"}]}'`,
    ],
    [
      "-d with double quotes",
      `curl -X POST https://api.anthropic.com/v1/messages -d "{\\"messages\\":[{\\"role\\":\\"user\\",\\"content\\":\\"@x\\"}]}"`,
    ],
    [
      "$ prompt and attached -d",
      `$ curl https://api.anthropic.com/v1/messages -d'{"messages":[{"role":"user","content":"@x"}]}'`,
    ],
    [
      "ANSI-C quoting",
      `curl https://api.anthropic.com/v1/messages -d $'{"messages":[{"role":"user","content":"@x"}]}'`,
    ],
  ])("accepts %s", (_name, command) => {
    const result = expectSuccess(fromCurl(command))
    expect(result.data.messages[0]).toEqual({
      role: "user",
      content: [{ type: "text", text: "@x" }],
    })
  })

  it("ignores a literal key given with -H and Authorization: Bearer", () => {
    const result = expectSuccess(
      fromCurl(
        `curl https://api.anthropic.com/v1/messages -H 'Authorization: Bearer ${fakeKey("secret-123")}' -H 'x-api-key: ${fakeKey("secret-456")}' -d '{"messages":[{"role":"user","content":"hi"}]}'`
      )
    )
    expect(JSON.stringify(result)).not.toMatch(/secret/)
    expect(
      result.notes.filter((n) => /API key header ignored/.test(n.message))
    ).toHaveLength(1)
  })

  it.each([
    [
      "no body",
      "curl https://api.anthropic.com/v1/messages -H 'x: y'",
      /no body/,
    ],
    [
      "a file body",
      "curl https://api.anthropic.com/v1/messages -d @request.json",
      /file "request.json"/,
    ],
    [
      "stdin without heredoc",
      "curl https://api.anthropic.com/v1/messages -d @-",
      /standard input/,
    ],
    [
      "broken quoting",
      'curl https://x -d \'{"a": 1',
      /Unterminated single quote/,
    ],
    ["invalid JSON", "curl https://x -d '{\"messages\": [}'", /not valid JSON/],
    ["not curl", "wget https://x", /No `curl` command/],
  ])("explains %s", (_name, command, message) => {
    const result = fromCurl(command)
    expect(result.success).toBe(false)
    if (!result.success) expect(result.error.message).toMatch(message)
  })
})

describe("splitShellCommand", () => {
  it("stops at the end of the first command", () => {
    const split = splitShellCommand("curl a 'b c' | jq .\necho done")
    expect(split).toEqual({
      success: true,
      command: { words: ["curl", "a", "b c"] },
    })
  })
})
