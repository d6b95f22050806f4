import { describe, expect, it } from "vitest"

import { parseImport } from "../index"
import { fixture } from "../test-helpers"

function ok(text: string, pick?: string) {
  const result = parseImport(text, { pick })
  if (!result.success) throw new Error(result.error.message)
  return result
}
const notesOf = (r: { notes: Array<{ message: string }> }) =>
  r.notes.map((n) => n.message).join("\n")

describe("SDK calls as the docs print them", () => {
  it.each([
    ["sdk-mcp-connector.ts.txt", "anthropic.beta.messages.create"],
    ["sdk-mcp-connector.py", "client.beta.messages.create"],
  ])("%s → the request body, betas apart", (name, callee) => {
    const result = ok(fixture(name))
    expect(result.format).toBe("sdk-call")
    expect(result.betas).toEqual(["mcp-client-2025-11-20"])
    expect(result.data).toMatchObject({
      model: "claude-sonnet-4-5",
      max_tokens: 1000,
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What tools do you have available?" },
          ],
        },
      ],
      tools: [{ type: "mcp_toolset", mcp_server_name: "example-mcp" }],
    })
    expect(result.data.mcp_servers).toHaveLength(1)
    expect(result.data).not.toHaveProperty("betas")
    expect(notesOf(result)).toContain(callee)
  })

  it.each(["sdk-count-tokens.py", "sdk-count-tokens.ts.txt"])(
    "%s (count_tokens) imports with the default max_tokens",
    (name) => {
      const result = ok(fixture(name))
      expect(result.data.system).toBe("You are a scientist")
      expect(result.data.max_tokens).toBe(4096)
      expect(notesOf(result)).toMatch(/count_tokens takes no max_tokens/)
    }
  )

  it("keeps the fields of a snippet without its client setup (fast mode)", () => {
    const result = ok(fixture("sdk-fast-mode.py"))
    expect(result.betas).toEqual(["fast-mode-2026-02-01"])
    expect(result.data).toMatchObject({
      model: "claude-opus-4-6",
      max_tokens: 4096,
      speed: "fast",
    })
  })

  it("reads Python literals, implicit string concatenation and variables", () => {
    const result = ok(`
import anthropic
client = anthropic.Anthropic()
SYSTEM = ("You are terse. "
          'Answer in one line.')
history = [{"role": "user", "content": "Hi"}]
message = client.messages.create(
    model="claude-sonnet-4-6",
    max_tokens=1_024,  # a comment, with "quotes"
    system=SYSTEM,
    messages=history + [],
    stream=False,
    metadata=None,
    thinking={"type": "enabled", "budget_tokens": 2048, "display": True},
)`)
    expect(result.data).toMatchObject({
      model: "claude-sonnet-4-6",
      max_tokens: 1024,
      system: "You are terse. Answer in one line.",
      stream: false,
      thinking: { type: "enabled", budget_tokens: 2048, display: true },
    })
  })

  it("reports variables the snippet references but does not define", () => {
    const result = ok(`const r = await client.messages.create({
  model: "claude-sonnet-4-6",
  max_tokens: 512,
  system: systemPrompt,
  tools,
  messages: [{ role: "user", content: "Hello" }],
});`)
    expect(result.data).not.toHaveProperty("system")
    expect(notesOf(result)).toMatch(
      /`systemPrompt` \(line 4\) is a variable the snippet does not define/
    )
    expect(notesOf(result)).toMatch(/`tools` \(line 5\)/)
  })

  it("fails, located, when the messages themselves are an undefined variable", () => {
    const result = parseImport(
      "resp = client.messages.create(\n    model=MODEL,\n    max_tokens=100,\n    messages=conversation_messages,\n)"
    )
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.message).toMatch(/`conversation_messages`/)
    expect(result.error.line).toBe(4)
  })

  it("lists every call of a snippet and imports the one picked", () => {
    const text = `
first = client.messages.create(model="claude-sonnet-4-6", max_tokens=100,
    messages=[{"role": "user", "content": "one"}])
second = client.messages.create(model="claude-opus-4-6", max_tokens=200,
    messages=[{"role": "user", "content": "two"}])`
    const result = ok(text)
    expect(result.candidates?.map((c) => c.selected)).toEqual([true, false])
    expect(result.data.model).toBe("claude-sonnet-4-6")
    const picked = ok(text, result.candidates![1]!.id)
    expect(picked.data.model).toBe("claude-opus-4-6")
    expect(picked.data.max_tokens).toBe(200)
  })

  it("leaves a transcript that quotes SDK code a transcript", () => {
    const result = parseImport(
      "Human: Why does client.messages.create(model=m) fail?\n\nAssistant: It needs messages."
    )
    expect(result.format).toBe("legacy-xml")
    expect(result.success).toBe(true)
  })
})
