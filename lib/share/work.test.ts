import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { decodeShare, encodeShare } from "./codec"
import { measureRequestWork, WORK_LIMITS, workOverLimit } from "./work"
import { assistant, text, user } from "@/test/messages"

const tinyBlocks = (n: number) => ({
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [
    {
      role: "user",
      content: Array.from({ length: n }, () => ({ type: "text", text: "x" })),
    },
  ],
})

describe("the work a request asks of the page", () => {
  it("refuses the 4.5 KB link that decodes to 50,000 tiny text blocks, saying why", async () => {
    const link = await encodeShare({ request: tinyBlocks(50_000) })
    // Small enough for any chat app, and under every bound of the decoder...
    expect(link.length).toBeLessThan(6_000)
    const decoded = await decodeShare(link)
    expect(decoded.success).toBe(true)
    if (!decoded.success) return
    // ...but not under the bound of what the page would do with it.
    expect(workOverLimit(decoded.data.request)).toMatch(
      /50,000 content blocks in 1 messages; the page opens at most 20,000/
    )
  })

  it("lets a large realistic session through", () => {
    const messages = Array.from({ length: 4_000 }, (_, i) => ({
      role: i % 2 ? "user" : "assistant",
      content: [{ type: "text", text: "y".repeat(1_000) }],
    }))
    expect(workOverLimit({ model: "m", messages })).toBeNull()
  })

  it("counts messages, blocks (string content as one) and characters", () => {
    expect(
      measureRequestWork({
        system: "sys",
        messages: [user("hello"), assistant([text("hi"), text("!")])],
      })
    ).toEqual({
      messages: 2,
      blocks: 4,
      // "sys", "user", "hello", "assistant", "text", "hi", "text", "!"
      chars: 3 + 4 + 5 + 9 + 4 + 2 + 4 + 1,
    })
  })

  it("refuses too many messages and too much text", () => {
    const many = Array.from({ length: WORK_LIMITS.maxMessages + 1 }, () => ({
      role: "user",
      content: "x",
    }))
    expect(workOverLimit({ messages: many })).toMatch(
      /messages; the page opens at most/
    )
    expect(
      workOverLimit(
        { messages: [{ role: "user", content: "z".repeat(2_000) }] },
        {
          ...WORK_LIMITS,
          maxChars: 1_000,
        }
      )
    ).toMatch(/characters/)
  })

  it("never throws and never undercounts blocks, whatever the JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const work = measureRequestWork(value)
        expect(work.blocks).toBeGreaterThanOrEqual(0)
        const messages = (value as { messages?: unknown } | null)?.messages
        if (Array.isArray(messages)) expect(work.messages).toBe(messages.length)
      })
    )
  })
})
