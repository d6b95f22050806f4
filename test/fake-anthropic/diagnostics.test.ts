/**
 * Cache diagnostics (docs/semantics.md#cache-diagnostics): the Server tab's
 * prediction of the API's `cache_miss_reason` for a run after another,
 * against the fake API's own comparison of the two requests it was sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { betaHeadersFor } from "@/lib/anthropic/betas"
import {
  CACHE_DIAGNOSIS_BETA,
  predictDiagnosis,
  withDiagnostics,
} from "@/lib/anthropic/cache-diagnosis"
import {
  applyStreamLine,
  emptySnapshot,
} from "@/lib/anthropic/stream-accumulator"
import { simulate } from "@/lib/context-editing"

import { startFakeAnthropic, type FakeAnthropic } from "./start.mjs"

let fake: FakeAnthropic
beforeAll(async () => {
  fake = await startFakeAnthropic({ port: 0, eventDelayMs: 0 })
})
afterAll(() => fake.close())

/** One non-streamed run on the fake; its id and diagnostics. */
async function run(body: Record<string, unknown>, previous: string | null) {
  const r = await fetch(`${fake.url}/v1/messages`, {
    method: "POST",
    headers: { "x-api-key": "sk-test", "content-type": "application/json" },
    body: JSON.stringify(withDiagnostics(body, previous)),
  })
  return (await r.json()) as {
    id: string
    diagnostics?: { cache_miss_reason: { type: string } | null } | null
  }
}

const toolResult = (id: string, content: unknown) => ({
  role: "user",
  content: [{ type: "tool_result", tool_use_id: id, content }],
})
const base = {
  model: "claude-sonnet-4-6",
  max_tokens: 64,
  system: "You are terse.",
  tools: [{ name: "read", input_schema: { type: "object" } }],
  messages: [
    { role: "user", content: "Read the files." },
    {
      role: "assistant",
      content: [{ type: "tool_use", id: "t1", name: "read", input: {} }],
    },
    toolResult("t1", "x".repeat(4000)),
  ],
}
const grown = {
  ...base,
  messages: [
    ...base.messages,
    { role: "assistant", content: "Read." },
    { role: "user", content: "Go on." },
  ],
}
const image = {
  type: "image",
  source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" },
}

/** [what changed, the next request, the reason expected (null: none)] */
const CASES: Array<[string, Record<string, unknown>, string | null]> = [
  ["nothing: the prompt only grows", grown, null],
  ["the model", { ...grown, model: "claude-opus-4-6" }, "model_changed"],
  ["the tools", { ...grown, tools: [] }, "tools_changed"],
  ["the system prompt", { ...grown, system: "Be verbose." }, "system_changed"],
  [
    "the thinking parameters",
    { ...grown, thinking: { type: "enabled", budget_tokens: 2048 } },
    "unavailable",
  ],
  ["tool_choice", { ...grown, tool_choice: { type: "any" } }, "unavailable"],
  [
    "an earlier message",
    {
      ...grown,
      messages: [
        { role: "user", content: "Read them." },
        ...grown.messages.slice(1),
      ],
    },
    "messages_changed",
  ],
]

describe("cache diagnostics: predicted beside the API's (the fake's)", () => {
  it.each(CASES)("%s", async (_, next, expected) => {
    const first = await run(base, null)
    expect(first.diagnostics).toBeNull()
    const second = await run(next, first.id)
    expect(second.diagnostics?.cache_miss_reason?.type ?? null).toBe(expected)
    expect(predictDiagnosis(base, next, simulate).type).toBe(expected)
  })

  it("predicts the messages' cache gone when images are added (the docs), and when the edits clear a block of the previous prompt", () => {
    const withImage = {
      ...grown,
      messages: [
        ...grown.messages.slice(0, -1),
        { role: "user", content: [{ type: "text", text: "Look." }, image] },
      ],
    }
    expect(predictDiagnosis(base, withImage, simulate)).toMatchObject({
      type: "messages_changed",
      why: expect.stringContaining("images"),
    })
    const clearing = {
      ...grown,
      context_management: {
        edits: [
          {
            type: "clear_tool_uses_20250919",
            trigger: { type: "input_tokens", value: 100 },
            keep: { type: "tool_uses", value: 0 },
          },
        ],
      },
    }
    expect(predictDiagnosis(base, clearing, simulate)).toMatchObject({
      type: "messages_changed",
      why: expect.stringContaining("the edits change message 2"),
    })
    // Without the engine loaded yet, the edits are not read.
    expect(predictDiagnosis(base, clearing, null).type).toBeNull()
  })

  it("sends the diagnostics beta with a body that asks for diagnostics, and only then", () => {
    expect(betaHeadersFor(withDiagnostics(base, null))).toContain(
      CACHE_DIAGNOSIS_BETA
    )
    expect(betaHeadersFor(base)).not.toContain(CACHE_DIAGNOSIS_BETA)
  })

  it("reads the reason from the stream's message_start, and a later pending one does not hide it", () => {
    const reason = { type: "system_changed", cache_missed_input_tokens: 900 }
    const start = {
      kind: "event",
      event: {
        type: "message_start",
        message: {
          id: "msg_1",
          model: "claude-sonnet-4-6",
          usage: { input_tokens: 1, output_tokens: 1 },
          diagnostics: { cache_miss_reason: reason },
        },
      },
    } as never
    const s = applyStreamLine(emptySnapshot(), start)
    expect(s.messageId).toBe("msg_1")
    expect(s.diagnostics?.cache_miss_reason).toEqual(reason)
    const pending = {
      kind: "event",
      event: {
        type: "message_delta",
        delta: { stop_reason: "end_turn" },
        usage: { output_tokens: 2 },
        diagnostics: { cache_miss_reason: null },
      },
    } as never
    expect(applyStreamLine(s, pending).diagnostics?.cache_miss_reason).toEqual(
      reason
    )
    // Not asked for: the field never arrives, and nothing is shown.
    expect(emptySnapshot().diagnostics).toBeUndefined()
  })
})
