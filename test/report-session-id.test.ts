// The terminal finds a log's session id by decoding from the first
// "sessionId" key of its first 64 KB, not the whole 64 KB: the answer must
// be the page's (sessionIdIn of that head) whatever the key is followed by.
import { describe, expect, it } from "vitest"

import { sessionIdIn } from "@/lib/fleet/layout"

import { sessionIdOfHead } from "../scripts/report/worker-job"

const pageAnswer = (buf: Buffer) =>
  sessionIdIn(buf.toString("utf8", 0, Math.min(buf.length, 65_536)))

const line = (o: unknown) => `${JSON.stringify(o)}\n`

const cases: Record<string, string> = {
  "the first line's id": line({ type: "user", sessionId: "s-1" }),
  "a null id first, a real one after": `${line({ sessionId: null })}${line({ sessionId: "s-2" })}`,
  "the value a long way after the key": `{"sessionId"${" ".repeat(3000)}:"s-3"}\n`,
  "no id at all": line({ type: "summary", summary: "é".repeat(10) }),
  "the only id past 64 KB": `${line({ pad: "x".repeat(70_000) })}${line({ sessionId: "s-4" })}`,
  "an id cut by the 64 KB edge": `${line({ pad: "x".repeat(65_500) })}${line({ sessionId: "s-5".repeat(40) })}`,
  "multi-byte text before the id": `${line({ t: "日本語".repeat(100) })}${line({ sessionId: "s-6" })}`,
}

describe("the terminal's session id of a log", () => {
  it.each(Object.entries(cases))("%s: the page's answer", (_name, text) => {
    const buf = Buffer.from(text)
    expect(sessionIdOfHead(buf, sessionIdIn)).toBe(pageAnswer(buf))
  })

  it("finds the id in the usual log", () => {
    expect(
      sessionIdOfHead(Buffer.from(cases["the first line's id"]!), sessionIdIn)
    ).toBe("s-1")
    expect(
      sessionIdOfHead(
        Buffer.from(cases["the value a long way after the key"]!),
        sessionIdIn
      )
    ).toBe("s-3")
  })
})
