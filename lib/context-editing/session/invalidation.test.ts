import { describe, expect, it } from "vitest"

import { pngImage, prose, textDocument } from "../__fixtures__/build"
import { timeline } from "./timeline"
import type { TimelinePoint } from "./timeline-types"

type Ok = Extract<TimelinePoint, { ok: true }>
type Block = Record<string, unknown>

/** A chat of `turns` user turns (no tools, no system: nothing but messages is cached), `extra` on turn `at`. */
function chat(turns: number, at: number, extra: Block | null) {
  const messages: Array<{ role: string; content: string | Block[] }> = []
  for (let k = 0; k < turns; k++) {
    const text = { type: "text", text: prose(k, 3000) }
    messages.push({
      role: "user",
      content: k === at && extra ? [text, extra] : [text],
    })
    if (k < turns - 1) messages.push({ role: "assistant", content: "ok" })
  }
  return {
    model: "claude-opus-4-5",
    max_tokens: 100,
    cache_control: { type: "ephemeral" },
    messages,
  }
}

const points = (r: Record<string, unknown>) =>
  timeline(r).points.filter((p): p is Ok => p.ok)

describe("the cache beyond the changed blocks (docs/semantics.md#cache-invalidation)", () => {
  it("an image added in a new turn empties the messages' cache: that request reads none of them, the next reads again", () => {
    const plain = points(chat(5, 3, null))
    const image = points(chat(5, 3, pngImage(400, 300)))
    // Without the image, request 4 reads what request 3 sent.
    expect(plain[3]!.withEdits.read).toBeGreaterThan(
      0.7 * plain[3]!.inputTokens
    )
    // With it, nothing of the messages is read (no tools or system here).
    expect(image[3]!.withEdits.read).toBe(0)
    expect(image[3]!.withEdits.written).toBe(image[3]!.inputTokens)
    expect(image[3]!.breakAt).toEqual({
      messageIndex: 0,
      blockIndex: 0,
      why: "images",
    })
    // The request after it adds no image: the prefix is read again.
    expect(image[4]!.withEdits.read).toBeGreaterThan(
      0.7 * image[4]!.inputTokens
    )
    expect(image[4]!.breakAt).toBeNull()
  })

  it("a document with citations on, in a new turn, empties the system prompt's cache too; one without citations changes nothing", () => {
    const withSystem = (r: ReturnType<typeof chat>) => ({
      ...r,
      system: prose(99, 4000),
    })
    const cited = points(
      withSystem(
        chat(4, 2, {
          ...textDocument(prose(7, 800)),
          citations: { enabled: true },
        })
      )
    )
    const uncited = points(withSystem(chat(4, 2, textDocument(prose(7, 800)))))
    expect(cited[2]!.breakAt?.why).toBe("citations")
    expect(cited[2]!.withEdits.read).toBe(0)
    expect(uncited[2]!.breakAt).toBeNull()
    expect(uncited[2]!.withEdits.read).toBeGreaterThan(0)
  })

  it("the same session gives the same numbers on the per-request path", () => {
    const r = chat(5, 3, pngImage(400, 300))
    const fast = timeline(r)
    const slow = timeline(r, undefined, { perRequest: true })
    expect(fast.engine).toBe("incremental")
    expect(slow.points).toEqual(fast.points)
  })
})
