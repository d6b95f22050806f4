/**
 * Server-tab views rendered to static HTML: what the user reads for each
 * outcome (badges, "≈"/"server" labels, error wording, the no-key help).
 */
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"

import type { CountTokensResult } from "@/lib/anthropic/schemas"
import { emptySnapshot } from "@/lib/anthropic/stream-accumulator"

import { CountResult } from "./count-result"
import { EditsComparison } from "./edits-comparison"
import { ErrorNotice } from "./error-notice"
import { KeySection } from "./key-section"
import { StreamView } from "./stream-view"

const html = (el: Parameters<typeof renderToStaticMarkup>[0]) =>
  renderToStaticMarkup(el)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")

const result: CountTokensResult = {
  model: "claude-sonnet-4-6",
  input_tokens: 25_000,
  original_input_tokens: 70_000,
  reported_original: true,
  dropped_fields: ["max_tokens"],
  retries: 0,
}

describe("CountResult", () => {
  /** The count card for `result`, against these estimates (before, after). */
  const countText = (before: number, after: number, stale: boolean) =>
    html(
      createElement(CountResult, {
        result,
        estimates: { original_input_tokens: before, input_tokens: after },
        stale,
      })
    )

  it("shows estimates with ≈, server numbers labelled, and agrees within 10 %", () => {
    const text = countText(72_000, 26_000, false)
    expect(text).toContain("≈ 72,000")
    expect(text).toContain("70,000 server")
    expect(text).toMatch(/agrees/)
    expect(text).toContain("max_tokens")
  })

  it("says by how much it differs", () => {
    const text = countText(70_000, 30_000, true)
    expect(text).toContain("differs by 5,000 (20.0%)")
    expect(text).toMatch(/request changed/)
  })
})

describe("EditsComparison", () => {
  const server = [
    {
      type: "clear_tool_uses_20250919" as const,
      cleared_tool_uses: 2,
      cleared_input_tokens: 1_000,
    },
  ]
  it.each([
    [
      [
        {
          type: "clear_tool_uses_20250919",
          cleared_tool_uses: 2,
          cleared_input_tokens: 1_100,
        },
      ],
      "agrees",
    ],
    [
      [
        {
          type: "clear_tool_uses_20250919",
          cleared_tool_uses: 3,
          cleared_input_tokens: 1_000,
        },
      ],
      "differs",
    ],
    [[], "differs"],
  ])("badge for %j is %s", (predicted, badge) => {
    const markup = renderToStaticMarkup(
      createElement(EditsComparison, { predicted, server })
    )
    expect(markup).toMatch(
      new RegExp(`data-testid="server.edits-badge"[^>]*>${badge}<`)
    )
  })
})

describe("ErrorNotice", () => {
  it.each([
    [
      {
        code: "rate_limit:messages",
        message: "m",
        details: { retryAfterSeconds: 7, source: "anthropic" },
      },
      "typed",
      "Rate limited by Anthropic — retry in 7 s",
    ],
    [
      { code: "unauthorized:count_tokens", message: "m" },
      "typed",
      "Check the key you typed",
    ],
    [
      { code: "unauthorized:count_tokens", message: "m" },
      "server",
      "Check the server's ANTHROPIC_API_KEY",
    ],
    [
      {
        code: "upstream_error:messages",
        message: "m",
        details: { retries: 2 },
      },
      "server",
      "retried 2 times",
    ],
    [
      { code: "stream_interrupted:messages", message: "m" },
      "server",
      "what arrived is kept",
    ],
  ] as const)("explains %j", (error, keySource, expected) => {
    expect(html(createElement(ErrorNotice, { error, keySource }))).toContain(
      expected
    )
  })

  it("shows the API message and the field of a 400", () => {
    const text = html(
      createElement(ErrorNotice, {
        error: {
          code: "bad_request:messages",
          message:
            "context_management.edits.0.trigger.value: Input should be greater than or equal to 50000",
          details: {
            path: ["context_management", "edits", 0, "trigger", "value"],
          },
        },
        keySource: "server",
        onShowPath: () => {},
      })
    )
    expect(text).toContain("Input should be greater than or equal to 50000")
    expect(text).toContain("Field: context_management.edits.0.trigger.value")
    expect(text).toContain("Show in editor")
  })
})

describe("KeySection", () => {
  const base = {
    apiKey: "",
    remember: false,
    onApiKeyChange: () => {},
    onRememberChange: () => {},
    onClear: () => {},
  }
  it("explains what a key adds when there is none anywhere", () => {
    const markup = renderToStaticMarkup(
      createElement(KeySection, { ...base, status: "absent" })
    )
    expect(markup).toContain('type="password"')
    expect(markup).toContain("server.no-key")
    expect(
      html(createElement(KeySection, { ...base, status: "absent" }))
    ).toMatch(/exact server token counts.*ANTHROPIC_API_KEY/)
  })

  it.each([
    ["present", ""],
    ["absent", "typed-key"],
  ] as const)(
    "hides the help when a key exists (%s server, typed %j)",
    (status, apiKey) => {
      const markup = renderToStaticMarkup(
        createElement(KeySection, { ...base, status, apiKey })
      )
      expect(markup).not.toContain("server.no-key")
    }
  )
})

describe("StreamView", () => {
  it("keeps thinking collapsed and shows text and tool input", () => {
    const markup = renderToStaticMarkup(
      createElement(StreamView, {
        snapshot: {
          ...emptySnapshot(),
          status: "complete",
          blocks: [
            { kind: "thinking", text: "pondering", signed: true },
            { kind: "text", text: "Hello" },
            {
              kind: "tool_use",
              id: "t",
              name: "search",
              inputJson: "",
              input: { q: 1 },
              done: true,
            },
          ],
        },
      })
    )
    expect(markup).toMatch(/<details(?![^>]*open)/)
    expect(markup).toContain("Hello")
    expect(markup).toContain("search")
    expect(markup).toContain("&quot;q&quot;: 1")
  })
})
