import { describe, expect, it } from "vitest"

import { parseImport } from "../index"

/** The forms a pasted page comes in (see README.md); fixtures: pages.test.ts. */

const BODY = `{"model": "claude-sonnet-4-5", "max_tokens": 256, "messages": [{"role": "user", "content": "Hello"}]}`
const CURL = `curl https://api.anthropic.com/v1/messages \\
  --header "x-api-key: $ANTHROPIC_API_KEY" \\
  --header "content-type: application/json" \\
  --data '${BODY}'`

function imported(text: string, pick?: string) {
  const result = parseImport(text, pick ? { pick } : {})
  if (!result.success) throw new Error(result.error.message)
  return result
}

describe("a page pasted whole", () => {
  it("reads a browser copy that starts with `[` (not JSON) and has no code fences", () => {
    const text = `[Skip to main content](#content)\nMessages\ncURL\nPython\n\n${CURL}\n\n200\n{\n  "id": "msg_01",\n  "type": "message",\n  "role": "assistant",\n  "content": []\n}\nWas this page helpful?`
    const result = imported(text)
    expect(result.format).toBe("curl")
    expect(result.data.messages[0]!.content).toEqual([
      { type: "text", text: "Hello" },
    ])
    expect(result.candidates?.map((c) => c.kind)).toEqual(["command"]) // the response JSON is not a request
  })

  it("reads HTML: tags dropped, entities decoded", () => {
    const html = `<h2>Try it</h2>\n<pre><code class="language-bash">curl https://api.anthropic.com/v1/messages \\\n  -H &quot;content-type: application/json&quot; \\\n  -d &#39;${BODY.replaceAll('"', "&quot;")}&#39;</code></pre>`
    const result = imported(html)
    expect(result.data.model).toBe("claude-sonnet-4-5")
    expect(result.notes[1]?.message).toMatch(/read as HTML/)
  })

  it("reads a shell history with numbers, prompts and the answers printed between commands", () => {
    const text = [
      `  501  export ANTHROPIC_API_KEY=sk-ant-xxx`,
      `  502  curl https://api.anthropic.com/v1/messages -H "content-type: application/json" -d '${BODY}'`,
      `{"id":"msg_01","type":"message","role":"assistant","content":[{"type":"text","text":"Hi!"}]}`,
      `me@box:~/src$ curl -s https://api.anthropic.com/v1/messages/count_tokens -d '{"model": "claude-opus-4-8", "messages": [{"role": "user", "content": "Count me"}]}' | jq .`,
      `{"input_tokens": 10}`,
    ].join("\n")
    const result = imported(text)
    expect(result.candidates?.map((c) => c.id)).toEqual([
      "command-1",
      "command-2",
    ])
    const second = imported(text, "command-2")
    expect(second.data.messages[0]!.content).toEqual([
      { type: "text", text: "Count me" },
    ])
  })

  it("reads an issue comment: prose, a request JSON block and an SDK call", () => {
    const text = [
      "I get a 400 when I send this (curl gives the same):",
      "",
      "```json",
      `{"model": "claude-opus-4-8", "max_tokens": 1024, "messages": [{"role": "user", "content": "From JSON"}]}`,
      "```",
      "",
      "and from Python:",
      "",
      "```python",
      `client.messages.create(model="claude-opus-4-8", max_tokens=1024, messages=[{"role": "user", "content": "From Python"}])`,
      "```",
    ].join("\n")
    const result = imported(text)
    expect(result.candidates?.map((c) => c.kind)).toEqual(["json", "sdk-call"])
    expect(result.candidates?.[0]?.label).toMatch(
      /request JSON — claude-opus-4-8, 1 message, line 4/
    )
    expect(imported(text, "call-1").data.messages[0]!.content).toEqual([
      { type: "text", text: "From Python" },
    ])
  })

  it("offers a request once when the page writes it in several languages, by its curl command", () => {
    const text = `Python:\n\nclient.messages.create(\n    model="claude-sonnet-4-5",\n    max_tokens=256,\n    messages=[{"role": "user", "content": "Hello"}],\n)\n\nRuby:\n\nclient.messages.create(\n  model: "claude-sonnet-4-5",\n  max_tokens: 256,\n  messages: [{ role: "user", content: "Hello" }]\n)\n\nShell:\n\n${CURL}\n`
    const result = imported(text)
    expect(result.candidates).toHaveLength(1)
    expect(result.candidates?.[0]).toMatchObject({
      kind: "command",
      selected: true,
    })
    expect(result.candidates?.[0]?.label).toMatch(/\(also as Python, Ruby\)/)
  })

  it("leaves out curl commands for other endpoints, and says so", () => {
    const text = `Upload first:\n\ncurl https://api.anthropic.com/v1/files -F file=@doc.pdf\n\nThen ask:\n\n${CURL}\n\ncurl https://api.anthropic.com/v1/models`
    const result = imported(text)
    expect(result.candidates?.map((c) => c.id)).toEqual(["command-1"])
    expect(result.notes.map((n) => n.message).join("\n")).toMatch(
      /2 curl commands for other endpoints left out \(https:\/\/api\.anthropic\.com\/v1\/files, https:\/\/api\.anthropic\.com\/v1\/models\)/
    )
  })

  it("lists a command it cannot import with the reason, and imports the next", () => {
    const text = `Broken:\n\ncurl https://api.anthropic.com/v1/messages -d '{"model": "m", "messages": [}'\n\nFixed:\n\n${CURL}\n`
    const result = imported(text)
    expect(result.candidates?.map((c) => [c.id, c.selected])).toEqual([
      ["command-1", false],
      ["command-2", true],
    ])
    expect(result.candidates?.[0]?.label).toMatch(
      /cannot be imported: The curl body is not valid JSON/
    )
    const picked = parseImport(text, { pick: "command-1" })
    expect(picked.success).toBe(false)
    expect(!picked.success && picked.error.line).toBe(3) // located in the page
  })

  it("reads a request JSON followed by prose", () => {
    const result = imported(`${BODY}\n\nThis is what my app sends.`)
    expect(result.format).toBe("anthropic-json")
    expect(result.data.max_tokens).toBe(256)
  })

  it("keeps the error of a text with no request in it", () => {
    const result = parseImport("Nothing here but prose about curl and JSON.")
    expect(result.success).toBe(false)
  })
})

describe("a page that also quotes a Human:/Assistant: transcript", () => {
  it("is read as a page when it holds curl commands", () => {
    const text = `A prompt in the old format:\n\nHuman: Hello there\n\nAssistant: Hi!\n\nThe same with the Messages API:\n\n${CURL}\n`
    const result = imported(text)
    expect(result.format).toBe("curl")
    expect(result.candidates?.map((c) => c.kind)).toEqual(["command"])
  })
})

describe("a Message Batches command on a page", () => {
  it("is offered, importing its first request", () => {
    const batch = `curl https://api.anthropic.com/v1/messages/batches \\
  --header "content-type: application/json" \\
  --data '{"requests": [{"custom_id": "first", "params": {"model": "claude-opus-4-8", "max_tokens": 100, "messages": [{"role": "user", "content": "Hello, world"}]}}, {"custom_id": "second", "params": {"model": "claude-opus-4-8", "max_tokens": 100, "messages": [{"role": "user", "content": "Hi again"}]}}]}'`
    const result = imported(`Batches:\n\n${batch}\n\nThat is all.`)
    expect(result.candidates?.map((c) => c.id)).toEqual(["command-1"])
    expect(result.data.messages[0]!.content).toEqual([
      { type: "text", text: "Hello, world" },
    ])
    expect(result.notes.map((n) => n.message).join("\n")).toMatch(
      /Message Batches request of 2 requests: imported the first \(first\)/
    )
  })
})
