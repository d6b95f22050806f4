import { describe, expect, it } from "vitest"

import { parseImport } from "../index"
import { fixture } from "../test-helpers"

/** A docs block with several curl commands (fixture: the token counting page's two). */
const BLOCK = fixture("curl-docs-multi.sh")

describe("a block of several curl commands", () => {
  it("imports the first and lists every command as a candidate", () => {
    const result = parseImport(BLOCK)
    if (!result.success) throw new Error(result.error.message)
    expect(result.data.system).toBe("You are a scientist")
    expect(result.candidates?.map((c) => [c.id, c.selected])).toEqual([
      ["command-1", true],
      ["command-2", false],
    ])
    expect(result.candidates![1]!.label).toMatch(
      /count_tokens — claude-sonnet-4-5: “What's the weather like in San Francisco\?”, with tools/
    )
  })

  it("imports the command the user picks", () => {
    const result = parseImport(BLOCK, { pick: "command-2" })
    if (!result.success) throw new Error(result.error.message)
    expect(result.data.tools?.map((t) => t.name)).toEqual(["get_weather"])
    expect(result.data.messages[0]!.content).toEqual([
      { type: "text", text: "What's the weather like in San Francisco?" },
    ])
    expect(result.candidates?.find((c) => c.selected)?.id).toBe("command-2")
  })

  it("defaults to the first command that can be imported", () => {
    const text = `curl https://api.anthropic.com/v1/files -F file=@report.pdf\n\n${BLOCK}`
    const result = parseImport(text)
    if (!result.success) throw new Error(result.error.message)
    expect(result.candidates?.find((c) => c.selected)?.id).toBe("command-2")
    expect(result.data.system).toBe("You are a scientist")
  })
})
