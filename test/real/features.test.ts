/**
 * The feature tags that split the real-traffic report are derived from the
 * request, so a per-feature band always means "requests that declare X".
 */
import { describe, expect, it } from "vitest"

import { contentClass, featuresOf } from "./features"

const user = (content: unknown) => ({ role: "user", content })

describe("featuresOf", () => {
  it("tags each server tool by its type, and custom tools apart", () => {
    const tags = featuresOf({
      messages: [user("hi")],
      tools: [
        { type: "memory_20250818", name: "memory" },
        { type: "web_search_20260318", name: "web_search" },
        { name: "get_weather", input_schema: { type: "object" } },
      ],
      tool_choice: { type: "any" },
    })
    expect(tags).toEqual(
      expect.arrayContaining([
        "memory",
        "web_search",
        "server_tool",
        "custom_tools",
        "tool_choice_any",
      ])
    )
    expect(tags).not.toContain("plain")
  })

  it("sees structured outputs in both spellings, and thinking modes", () => {
    const a = featuresOf({
      messages: [user("x")],
      output_format: { type: "json_schema", schema: {} },
    })
    const b = featuresOf({
      messages: [user("x")],
      output_config: { format: { type: "json_schema", schema: {} } },
      thinking: { type: "adaptive" },
    })
    expect(a).toContain("structured_output")
    expect(b).toEqual(
      expect.arrayContaining(["structured_output", "thinking_adaptive"])
    )
  })

  it("finds blocks nested in tool results (tool_reference)", () => {
    const tags = featuresOf({
      messages: [
        user([
          {
            type: "tool_result",
            tool_use_id: "a",
            content: [{ type: "tool_reference", tool_name: "t" }],
          },
        ]),
      ],
    })
    expect(tags).toEqual(
      expect.arrayContaining(["tool_result", "tool_reference"])
    )
  })

  it("calls a tool-free, media-free text request plain", () => {
    expect(featuresOf({ messages: [user("Hello, Claude")] })).toEqual([
      "no_tools",
      "plain",
      "short_text",
      "text_prose",
    ])
  })
})

describe("contentClass", () => {
  it("separates prose, code, JSON and non-Latin text", () => {
    expect(contentClass("The quick brown fox jumps over the lazy dog.")).toBe(
      "prose"
    )
    expect(
      contentClass("function f(a) {\n  return a.map((x) => x * 2);\n}\n")
    ).toBe("code")
    expect(contentClass('{"a": 1, "b": [1, 2]}')).toBe("json")
    expect(contentClass("日本語のテキストはトークンが多くなります。")).toBe(
      "non_latin"
    )
  })
})
