import { describe, expect, it } from "vitest"

import { at, BODY, errorOf, URL } from "./test-helpers"
import { fromCurl } from "./import"
import { expectSuccess, fixture, noteText } from "../test-helpers"
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

describe("fromCurl: what comes before the command", () => {
  it.each([
    ["a comment line", `# from the docs\ncurl ${URL} -d '${BODY}'`],
    ["a byte-order mark", `\uFEFFcurl ${URL} -d '${BODY}'`],
    ["a shebang", `#!/bin/bash\ncurl ${URL} -d '${BODY}'`],
    ["a prompt", `$ curl ${URL} -d '${BODY}'`],
    ["a PowerShell prompt", `PS C:\\Users\\me> curl.exe ${URL} -d '${BODY}'`],
  ])("finds curl after %s", (_name, command) => {
    const result = expectSuccess(fromCurl(command))
    expect(result.data.model).toBe("claude-sonnet-4-5")
    expect(noteText(result)).not.toMatch(/Ignored/)
  })

  it("skips set -e and export lines, naming them but never their values", () => {
    const key = fakeKey("api03-EXPORTEDKEY")
    const script = [
      "#!/usr/bin/env bash",
      "set -euo pipefail",
      `export ANTHROPIC_API_KEY=${key}`,
      "",
      `curl ${URL} \\`,
      `  -H "x-api-key: $ANTHROPIC_API_KEY" \\`,
      `  -d '${BODY}'`,
      'echo "done"',
    ].join("\n")
    const result = expectSuccess(fromCurl(script))
    expect(result.data.model).toBe("claude-sonnet-4-5")
    expect(noteText(result)).toMatch(
      "Ignored the shell commands before curl (`set`, `export`)"
    )
    expect(JSON.stringify(result)).not.toContain("EXPORTEDKEY")
  })

  it("imports the first of two curl commands and says so", () => {
    const other = BODY.replace("claude-sonnet-4-5", "other-model")
    const result = expectSuccess(
      fromCurl(`curl ${URL} -d '${BODY}'\ncurl ${URL} -d '${other}'`)
    )
    expect(result.data.model).toBe("claude-sonnet-4-5")
    expect(noteText(result)).toMatch("Found 2 curl commands")
  })

  it.each([42, null, undefined, { text: "curl x" }, ["curl"]])(
    "returns an error for non-text input (%j)",
    (input) => {
      expect(errorOf(fromCurl(input)).message).toMatch(/as text/)
    }
  )
})

describe("fromCurl: JSON errors point into the pasted text", () => {
  const broken =
    '{\n  "model": "claude-sonnet-4-5",\n  "messages": [ {"role":"user" "content":"x"} ]\n}'

  it("maps a single-quoted body's error to the pasted line", () => {
    const text = `curl ${URL} \\\n  -H "anthropic-version: 2023-06-01" \\\n  -d '${broken}'`
    const result = fromCurl(text)
    // The body's line 3 is the pasted line 5 (line 3 of the body alone).
    expect(errorOf(result)).toMatchObject({ line: 5, column: 32 })
    expect(errorOf(result).message).toMatch(/at line 5, column 32/)
    expect(at(text, result, 9)).toBe('"content"')
  })

  it.each([
    ["a heredoc", `curl ${URL} \\\n  -d @- <<'EOF'\n${broken}\nEOF`],
    [
      "a heredoc piped into curl",
      `cat <<EOF | curl ${URL} -d @-\n${broken}\nEOF`,
    ],
    ["$(cat <<EOF …)", `curl ${URL} --data "$(cat <<'EOF'\n${broken}\nEOF\n)"`],
    [
      "a <<- heredoc with tabs",
      `curl ${URL} -d @- <<-EOF\n\t\t${broken.replace(/\n/g, "\n\t\t")}\n\tEOF`,
    ],
    [
      "CRLF line ends",
      `curl ${URL} \\\r\n  -d '${broken.replace(/\n/g, "\r\n")}'`,
    ],
    [
      "a PowerShell command",
      `curl.exe ${URL} \`\n  -H "content-type: application/json" \`\n  -d '${broken}'`,
    ],
  ])("maps the error in %s", (_name, text) => {
    expect(at(text, fromCurl(text), 9)).toBe('"content"')
  })

  it.each([
    [
      "$'…' with \\n escapes",
      (b: string) => `curl ${URL} -d $'${b.replace(/\n/g, "\\n")}'`,
    ],
    [
      "a double-quoted body",
      (b: string) =>
        `curl ${URL} -d "${b.replace(/"/g, '\\"').replace(/\n/g, " ")}"`,
    ],
    [
      "a cmd command",
      (b: string) =>
        `curl.exe ${URL} ^\n  -d "${b.replace(/"/g, '\\"').replace(/\n/g, " ")}"`,
    ],
  ])("maps the error in %s (escapes included)", (_name, make) => {
    const text = make(broken)
    const result = fromCurl(text)
    expect(errorOf(result).line).toBe(text.startsWith("curl.exe") ? 2 : 1)
    // Points at the quote (or its backslash) that opens "content".
    expect(at(text, result)).toMatch(/^["\\]$/)
    expect(at(text, result, 12)).toMatch(/content/)
  })

  it("points after the first body when two -d bodies are joined", () => {
    const text = `curl ${URL} -d '${BODY}' -d '{"x":1}'`
    const result = fromCurl(text)
    expect(errorOf(result).column).toBe(text.indexOf(`}'`) + 2)
  })

  it("says so when a here-document without its closing line swallowed the rest", () => {
    const text = `curl ${URL} -d @- <<EOF\n${BODY}\necho done`
    const result = fromCurl(text)
    expect(errorOf(result).message).toMatch(/no closing EOF line/)
    expect(at(text, result, 4)).toBe("echo")
  })
})
