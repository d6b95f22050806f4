import { describe, expect, it } from "vitest"

import {
  convertLegacyInRequest,
  describeLegacy,
  detectLegacyXml,
} from "./detect"
import { parseImport } from "../index"
import { fixture } from "../test-helpers"

const legacy = () =>
  JSON.parse(fixture("legacy-stock-price-messages.json")) as Record<
    string,
    unknown
  >

describe("detectLegacyXml", () => {
  it("ignores text that only mentions the tags (a question about the format, a regex)", () => {
    const request = {
      model: "claude-sonnet-4-6",
      messages: [
        {
          role: "user",
          content:
            "How do I parse `<function_calls>` and `<invoke>` tags? Also /<function_results>/ in a regex.",
        },
      ],
    }
    expect(detectLegacyXml(request).found).toBe(false)
    expect(describeLegacy(request)).toBeNull()
    expect(parseImport(JSON.stringify(request)).format).toBe("anthropic-json")
  })

  it("locates calls and results inside text and explains why clearing cannot help", () => {
    const detection = detectLegacyXml(legacy())
    expect(detection.found).toBe(true)
    expect(detection.locations).toEqual([
      {
        messageIndex: 1,
        blockIndex: null,
        role: "assistant",
        calls: 1,
        results: 0,
      },
      { messageIndex: 2, blockIndex: null, role: "user", calls: 0, results: 1 },
      {
        messageIndex: 3,
        blockIndex: null,
        role: "assistant",
        calls: 1,
        results: 0,
      },
      { messageIndex: 4, blockIndex: null, role: "user", calls: 0, results: 1 },
    ])
    expect(detection.systemDeclaresTools).toBe(true)
    expect(detection.explanation).toMatch(/only clears `tool_result` blocks/)
  })

  it("reports block indices for array content and finds nothing in modern requests", () => {
    const request = {
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "hi" },
            {
              type: "text",
              text: "<function_results><result><tool_name>a</tool_name><stdout>x</stdout></result></function_results>",
            },
          ],
        },
      ],
    }
    expect(detectLegacyXml(request).locations).toEqual([
      { messageIndex: 0, blockIndex: 1, role: "user", calls: 0, results: 1 },
    ])
    expect(
      detectLegacyXml({ messages: [{ role: "user", content: "plain" }] }).found
    ).toBe(false)
    expect(detectLegacyXml("not a request").found).toBe(false)
  })
})

describe("convertLegacyInRequest / describeLegacy", () => {
  it("returns the converted request with before/after counts", () => {
    const input = legacy()
    const { result, before, after } = convertLegacyInRequest(input)
    expect(result.success).toBe(true)
    expect(before).toMatchObject({
      messages: 6,
      toolUses: 0,
      toolResults: 0,
      legacyCalls: 2,
      legacyResults: 2,
    })
    expect(after).toMatchObject({
      messages: 6,
      toolUses: 2,
      toolResults: 2,
      legacyCalls: 0,
      legacyResults: 0,
    })
    expect(input).toEqual(legacy()) // not mutated
  })

  it("describes the notice for the main page", () => {
    expect(
      describeLegacy({ messages: [{ role: "user", content: "hi" }] })
    ).toBeNull()
    const notice = describeLegacy(legacy())
    expect(notice?.count).toBe(4)
    expect(notice?.message).toMatch(
      /^2 legacy XML tool calls and 2 results sit inside text in 4 messages\./
    )
    expect(notice?.convert().success).toBe(true)
  })
})
