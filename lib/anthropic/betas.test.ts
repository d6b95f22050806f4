import { describe, expect, it } from "vitest"

import { betaHeadersFor, COMPACT_BETA, CONTEXT_MANAGEMENT_BETA } from "./betas"

describe("betaHeadersFor", () => {
  it.each([
    ["no context management", { messages: [] }, [CONTEXT_MANAGEMENT_BETA]],
    [
      "clear edits only",
      { context_management: { edits: [{ type: "clear_tool_uses_20250919" }] } },
      [CONTEXT_MANAGEMENT_BETA],
    ],
    [
      "a compact edit",
      {
        context_management: {
          edits: [
            { type: "clear_thinking_20251015" },
            { type: "compact_20260112" },
          ],
        },
      },
      [CONTEXT_MANAGEMENT_BETA, COMPACT_BETA],
    ],
    [
      "a replayed compaction block",
      {
        messages: [
          {
            role: "assistant",
            content: [{ type: "compaction", content: "s" }],
          },
        ],
      },
      [CONTEXT_MANAGEMENT_BETA, COMPACT_BETA],
    ],
    [
      "extra betas, deduplicated and sanitised",
      { betas: ["x-2026-01-01", CONTEXT_MANAGEMENT_BETA, "bad value\n", 3] },
      [CONTEXT_MANAGEMENT_BETA, "x-2026-01-01"],
    ],
    ["a non-object", "nope", [CONTEXT_MANAGEMENT_BETA]],
  ])("%s", (_name, request, betas) => {
    expect(betaHeadersFor(request)).toEqual(betas)
  })
})
