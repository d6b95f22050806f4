/**
 * The fake API's configurable semantics over HTTP: set a switch with
 * POST /__semantics, and the probe plan, sent through the fake's own
 * count_tokens endpoint, settles it to that value.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { DEFAULT_ASSUMPTIONS } from "@/lib/context-editing"
import { runProbePlan } from "@/lib/probes"

import { startFakeAnthropic, type FakeAnthropic } from "./start.mjs"

let fake: FakeAnthropic
beforeAll(async () => {
  fake = await startFakeAnthropic({ port: 0 })
}, 60_000)
afterAll(() => fake.close())

async function send(body: object) {
  const res = await fetch(`${fake.url}/v1/messages/count_tokens?beta=true`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": "test-fake-key",
      "anthropic-beta": "context-management-2025-06-27,compact-2026-01-12",
    },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

describe("fake Anthropic semantics", () => {
  it.each([
    { triggerComparison: "gte" },
    { excludedCountTowardKeep: true },
    { redactedThinkingCountsAsThinking: false },
  ])(
    "answers count_tokens with %o, and the plan settles it",
    async (flip) => {
      await fake.setSwitches(flip)
      const r = await runProbePlan(send, { model: "claude-opus-4-7" })
      const expected = { ...DEFAULT_ASSUMPTIONS, ...flip } as Record<
        string,
        unknown
      >
      for (const [k, v] of Object.entries(r.settled))
        expect([k, v]).toEqual([k, expected[k]])
      for (const [k, v] of Object.entries(flip))
        expect(r.settled[k as "triggerComparison"]).toEqual(v)
    },
    60_000
  )

  it("switches back to the simple rule", async () => {
    await fake.setSwitches(null)
    const a = await send({
      model: "claude-opus-4-7",
      messages: [{ role: "user", content: "Hello" }],
    })
    // The simple rule: JSON length / 4 of { system, tools, messages }.
    expect(a.body).toEqual({
      input_tokens: Math.ceil(
        JSON.stringify({ messages: [{ role: "user", content: "Hello" }] })
          .length / 4
      ),
      context_management: null,
    })
  })
})
