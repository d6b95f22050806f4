import { describe, expect, it } from "vitest"

import { looksLikeCurl } from "./detect"
import { at, BODY, errorOf, ESCAPED, URL } from "./test-helpers"
import { fromCurl } from "./import"
import { parseShell } from "./shell"
import { expectSuccess, noteText } from "../test-helpers"

describe("fromCurl: shell forms", () => {
  const model = (text: string) => expectSuccess(fromCurl(text)).data.model

  it.each([
    [
      "--data \"$(cat <<'EOF' … EOF\n)\"",
      `curl ${URL} --data "$(cat <<'EOF'\n${BODY}\nEOF\n)"`,
      /here-document in \$\(cat <<EOF/,
    ],
    [
      "cat <<EOF | curl -d @-",
      `cat <<'EOF' | curl ${URL} -d @-\n${BODY}\nEOF`,
      /here-document piped into curl/,
    ],
    [
      "curl -d @- <<'EOF' | jq",
      `curl ${URL} -d @- <<'EOF' | jq .\n${BODY}\nEOF`,
      /here-document/,
    ],
    ["a here-string", `curl ${URL} -d @- <<< '${BODY}'`, /here-string/],
    [
      "echo … | curl -d @-",
      `echo '${BODY}' | curl ${URL} --data-binary @-`,
      /echo piped into curl/,
    ],
    [
      "cmd ^ continuations",
      `curl.exe ${URL} ^\n  -H "content-type: application/json" ^\n  -d "${ESCAPED}"`,
      /Windows cmd/,
    ],
    [
      "PowerShell backtick continuations",
      `curl.exe ${URL} \`\n  -H "content-type: application/json" \`\n  -d '${BODY}'`,
      /PowerShell/,
    ],
    [
      "a PowerShell here-string",
      `curl.exe ${URL} \`\n  -d @'\n${BODY}\n'@`,
      /PowerShell/,
    ],
    [
      'PowerShell 5 quoting (\\")',
      `curl.exe ${URL} \`\n  -d '${ESCAPED}'`,
      /Read \\" in the body as "/,
    ],
    [
      "a continuation with trailing spaces",
      `curl ${URL} \\  \n  -d '${BODY}'`,
      /followed by spaces/,
    ],
  ])("reads %s", (_name, text, note) => {
    const result = expectSuccess(fromCurl(text))
    expect(result.data.model).toBe("claude-sonnet-4-5")
    expect(noteText(result)).toMatch(note)
  })

  it("reads Chrome's Copy as cURL (cmd), ^-escapes and all", () => {
    const body = BODY.replace('"hi"', '"a & b > c"')
    const chrome = body.replace(/[{}[\]&>]/g, "^$&").replace(/"/g, '^\\^"')
    const text = `curl "${URL}" ^\n  -H "accept: */*" ^\n  --data-raw ^"${chrome}^" ^\n  --compressed`
    const result = expectSuccess(fromCurl(text))
    expect(result.data.messages[0]?.content).toEqual([
      { type: "text", text: "a & b > c" },
    ])
  })

  it("imports a here-document without its closing line, with a warning", () => {
    const result = expectSuccess(
      fromCurl(`curl ${URL} -d @- <<'EOF'\n${BODY}\n`)
    )
    expect(result.notes).toContainEqual({
      level: "warning",
      message:
        "The here-document has no closing EOF line; read it up to the end of the text",
    })
  })

  it("fails clearly when a $(cat <<EOF) never finds its EOF line", () => {
    const text = `curl ${URL} --data "$(cat <<'EOF'\n${BODY}\n)"`
    const result = fromCurl(text)
    expect(errorOf(result).message).toMatch(
      /here-document <<EOF has no closing EOF line/
    )
    expect(at(text, result, 2)).toBe("<<")
  })

  it.each([
    [
      "$(jq …)",
      `curl ${URL} -d "$(jq -n '{}')"`,
      /built by `jq` in a command substitution/,
      "$(",
    ],
    [
      "$(cat file)",
      `curl ${URL} -d "$(cat body.json)"`,
      /reads the file "body.json"/,
      "$(",
    ],
    ["`…`", `curl ${URL} -d "\`python make.py\`"`, /built by `python`/, "`p"],
    [
      "a piped command",
      `jq -n '{}' | curl ${URL} -d @-`,
      /piped into curl \(-d @-\) from `jq`/,
      "jq",
    ],
  ])(
    "explains a body made by %s and points at it",
    (_name, text, message, start) => {
      const result = fromCurl(text)
      expect(errorOf(result).message).toMatch(message)
      expect(at(text, result, 2)).toBe(start)
    }
  )

  it.each([
    ["a redirected file", `curl ${URL} -d @- < body.json`, /file "body.json"/],
    ["a shell variable", `curl ${URL} -d "$BODY"`, /shell variable \$BODY/],
    [
      "a cat of a file",
      `cat body.json | curl ${URL} -d @-`,
      /piped in from the file "body.json"/,
    ],
  ])("explains a body read from %s", (_name, text, message) => {
    expect(errorOf(fromCurl(text)).message).toMatch(message)
  })

  it("locates broken quoting in the pasted text", () => {
    const text = `curl ${URL} \\\n  -d '{"a": 1`
    expect(errorOf(fromCurl(text))).toMatchObject({ line: 2, column: 6 })
    expect(model(`curl ${URL} -d '${BODY}' 2>/dev/null | jq .`)).toBe(
      "claude-sonnet-4-5"
    )
  })
})

describe("looksLikeCurl", () => {
  it.each([
    "curl https://x",
    "\uFEFFcurl https://x",
    "#!/bin/bash\nset -e\nexport ANTHROPIC_API_KEY=x\n\ncurl https://x",
    "cat <<'EOF' | curl https://x -d @-\n{}\nEOF",
    "echo '{}' | curl https://x -d @-",
    "$ curl https://x",
    "PS C:\\> curl.exe https://x",
    '@echo off\r\nREM the docs\r\ncurl.exe https://x ^\r\n  -d "{}"',
  ])("recognises %j", (text) => expect(looksLikeCurl(text)).toBe(true))

  it.each([
    '{"messages": [{"role": "user", "content": "cat x | curl y"}]}',
    "Human: echo a | curl b\n\nAssistant: ok",
    "set the scene\nHuman: hi",
    "wget https://x",
    "curling is a sport",
  ])("does not claim %j", (text) => expect(looksLikeCurl(text)).toBe(false))
})

describe("parseShell", () => {
  it("splits pipelines and reads here-documents after the line that opens them", () => {
    const parsed = parseShell("curl a 'b c' <<EOF | jq .\nbody\nEOF\necho done")
    if (!parsed.success) throw new Error(parsed.error)
    const words = parsed.script.map((p) =>
      p.map((c) => c.words.map((w) => w.value))
    )
    expect(words).toEqual([
      [
        ["curl", "a", "b c"],
        ["jq", "."],
      ],
      [["echo", "done"]],
    ])
    expect(parsed.script[0]?.[0]?.redirects[0]).toMatchObject({
      op: "<<",
      heredoc: { value: "body", terminated: true },
    })
  })
})
