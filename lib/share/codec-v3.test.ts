import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { LESSONS } from "@/lib/lessons"
import { PRESETS } from "@/lib/presets"

import { base64urlToBytes, bytesToBase64url } from "./base64url"
import { decodeShare, encodeShare } from "./codec"
import { deflateRaw, inflateRawToText } from "./deflate"
import { applyPatch, diffJson } from "./patch"

/** The default sample with a changed config, as a user shares it. */
function sampleWithConfig() {
  const request = PRESETS[0]!.build() as Record<string, unknown>
  request.context_management = {
    edits: [
      {
        type: "clear_tool_uses_20250919",
        trigger: { type: "input_tokens", value: 60000 },
        keep: { type: "tool_uses", value: 2 },
      },
    ],
  }
  return { request, view: { tab: "timeline" } } as never
}

async function docOf(link: string): Promise<Record<string, unknown>> {
  const inflated = await inflateRawToText(base64urlToBytes(link.slice(3))!, {
    maxBytes: 1e6,
    deadline: Infinity,
    now: () => 0,
  })
  if (!inflated.ok) throw new Error(inflated.reason)
  return JSON.parse(inflated.text) as Record<string, unknown>
}

async function linkOf(doc: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(doc))
  return `v3.${bytesToBase64url(await deflateRaw(bytes))}`
}

describe("short links for built-in content (v3)", () => {
  it("shares the sample with a changed config in under 2,000 characters", async () => {
    const state = sampleWithConfig()
    const link = await encodeShare(state)
    expect(link.startsWith("v3.")).toBe(true)
    expect(link.length + 1).toBeLessThan(2000)
    expect(await decodeShare(link)).toEqual({
      success: true,
      data: state,
      notes: [],
    })
  })

  it("carries an edited message of a preset and a lesson's request by their refs", async () => {
    const preset = PRESETS[1]!.build() as { messages: { content: unknown }[] }
    preset.messages[0]!.content = "A different first question"
    const lesson = LESSONS[0]!.build()
    for (const request of [preset, lesson]) {
      const link = await encodeShare({ request } as never)
      expect(link.startsWith("v3.")).toBe(true)
      const decoded = await decodeShare(link)
      expect(decoded.success && decoded.data.request).toEqual(request)
    }
  })

  it("keeps writing full links for content that is not built in", async () => {
    const link = await encodeShare({
      request: {
        model: "claude-sonnet-4-5",
        max_tokens: 5,
        messages: [{ role: "user", content: "hi" }],
      },
    } as never)
    expect(link.startsWith("v2.")).toBe(true)
  })

  it("opens on the current example, and says so, when the example changed since the link was made", async () => {
    const doc = await docOf(await encodeShare(sampleWithConfig()))
    const decoded = await decodeShare(await linkOf({ ...doc, h: "older" }))
    expect(decoded.success).toBe(true)
    expect(decoded.success && decoded.notes.join(" ")).toMatch(
      /made from an earlier version of the built-in example “.+”; its changes were applied to the current version/
    )
  })

  it("fails with a message for an example this version does not have", async () => {
    const decoded = await decodeShare(await linkOf({ b: "p:gone", h: "x" }))
    expect(decoded).toMatchObject({
      success: false,
      error: { code: "invalid" },
    })
    expect(!decoded.success && decoded.error.message).toMatch(
      /built-in example \("p:gone"\) this version does not have/
    )
  })

  it.each([
    [-2, 0],
    [0, -1],
    [1.5, 0],
  ])(
    "rejects an array patch that keeps %i first and %i last elements",
    async (pre, suf) => {
      const decoded = await decodeShare(
        await linkOf({
          b: `p:${PRESETS[0]!.id}`,
          p: { o: { messages: { a: [pre, suf, []] } } },
        })
      )
      expect(decoded).toMatchObject({
        success: false,
        error: { code: "damaged" },
      })
    }
  )

  it("rejects a patch that is not one", async () => {
    const decoded = await decodeShare(
      await linkOf({ b: `p:${PRESETS[0]!.id}`, p: { x: 1 } })
    )
    expect(decoded).toMatchObject({
      success: false,
      error: { code: "damaged" },
    })
  })
})

describe("JSON patches", () => {
  it("rebuild any value from any other (with its key order)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const rebuilt = applyPatch(a, diffJson(a, b))
        expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(b))
      }),
      { numRuns: 300 }
    )
  })

  it("never repeat elements, whatever counts a node carries", () => {
    const base = ["a", "b", "c", "d"]
    expect(applyPatch(base, { a: [-2, 0, []] })).toEqual([])
    expect(applyPatch(base, { a: [-2, 2, []] })).toEqual(["c", "d"])
    // Read as counts from the wrong end, this once gave a, b, a, b, c, d.
    expect(applyPatch(base, { a: [-2, 4, []] })).toEqual(base)
    expect(applyPatch(base, { a: [3, 3, []] })).toEqual(["a", "b", "c", "d"])
    expect(applyPatch(base, { a: [9, 9, [{ $: "x" }]] })).toEqual([
      "a",
      "b",
      "c",
      "d",
      "x",
    ])
  })

  it("are empty for equal values and small for one changed element", () => {
    const base = {
      messages: Array.from({ length: 50 }, (_, i) => ({
        role: "user",
        content: `m${i}`,
      })),
    }
    const next = structuredClone(base)
    next.messages[20]!.content = "changed"
    expect(diffJson(base, structuredClone(base))).toBeUndefined()
    expect(JSON.stringify(diffJson(base, next))).toBe(
      '{"o":{"messages":{"a":[20,29,[{"o":{"content":{"$":"changed"}}}]]}}}'
    )
  })
})
