import { describe, expect, it } from "vitest"

import { capBody, sseEventMeter, UpstreamTooLarge } from "./capped-fetch"

const bytes = (s: string) => new TextEncoder().encode(s)

describe("sseEventMeter", () => {
  it.each([
    ["LF", "\n"],
    ["CRLF", "\r\n"],
    ["CR", "\r"],
  ])(
    "ends an event at a blank line (%s line ends), across chunks",
    (_n, nl) => {
      const meter = sseEventMeter()
      expect(meter(bytes(`event: a${nl}data: 12345`))).toBe(8 + 1 + 11)
      expect(meter(bytes(`678${nl}`))).toBe(8 + 1 + 14 + 1)
      expect(meter(bytes(nl))).toBe(0)
      expect(meter(bytes(`data: x${nl}${nl}data: yy`))).toBe(8)
    }
  )

  it("counts a CRLF split between two chunks once", () => {
    const meter = sseEventMeter()
    meter(bytes("data: 1\r"))
    expect(meter(bytes("\ndata: 2"))).toBe(8 + 7)
    meter(bytes("\r"))
    expect(meter(bytes("\n\r\n"))).toBe(0)
  })
})

describe("capBody", () => {
  const caps = { maxEventBytes: 10, maxStreamBytes: 40, maxAnswerBytes: 20 }
  const source = (chunks: string[]) => {
    let cancelled = false
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift()
        if (next === undefined) controller.close()
        else controller.enqueue(bytes(next))
      },
      cancel() {
        cancelled = true
      },
    })
    return { stream, cancelled: () => cancelled }
  }
  const read = (stream: ReadableStream<Uint8Array>) =>
    new Response(stream).text()

  it("passes small events and answers through unchanged", async () => {
    const events = ["data: 1\n\n", "data: 2\n\n"]
    expect(await read(capBody(source([...events]).stream, true, caps))).toBe(
      events.join("")
    )
    expect(await read(capBody(source(['{"a":1}']).stream, false, caps))).toBe(
      '{"a":1}'
    )
  })

  it("stops at an oversized event, an oversized stream and an oversized answer, and cancels the endless source", async () => {
    const endless = (chunk: string) => Array.from({ length: 1000 }, () => chunk)
    for (const [chunks, isStream] of [
      [endless("data: 1234"), true],
      [endless("data: 1\n\n"), true],
      [endless("x".repeat(15)), false],
    ] as const) {
      const src = source([...chunks])
      await expect(read(capBody(src.stream, isStream, caps))).rejects.toThrow(
        UpstreamTooLarge
      )
      expect(src.cancelled()).toBe(true)
    }
  })
})
