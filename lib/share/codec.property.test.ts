import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { decodeShare, encodeShare } from "./codec"
import { shareStateArb } from "./fake-states"
import { stripSecrets } from "./secrets"
import type { ShareState } from "./types"

// What a state should look like after a trip through a link: JSON semantics
// (-0 → 0), empty optional parts omitted, credentials stripped.
function expected(state: ShareState): ShareState {
  const out: ShareState = { request: state.request }
  if (state.requestText !== undefined) out.requestText = state.requestText
  if (state.assumptions && Object.keys(state.assumptions).length > 0) {
    out.assumptions = state.assumptions
  }
  if (state.view && Object.keys(state.view).length > 0) out.view = state.view
  return stripSecrets(JSON.parse(JSON.stringify(out)) as ShareState).value
}

describe("share links round-trip", () => {
  it("decode(encode(state)) gives the state back", async () => {
    await fc.assert(
      fc.asyncProperty(shareStateArb, async (state) => {
        const decoded = await decodeShare(await encodeShare(state))
        expect(decoded.success).toBe(true)
        if (decoded.success) expect(decoded.data).toEqual(expected(state))
      }),
      { numRuns: 150 }
    )
  })

  it("equal states give equal links", async () => {
    await fc.assert(
      fc.asyncProperty(shareStateArb, async (state) => {
        const copy = structuredClone(state)
        expect(await encodeShare(copy)).toBe(await encodeShare(state))
      }),
      { numRuns: 50 }
    )
  })

  it("links use only the base64url alphabet after the prefix", async () => {
    await fc.assert(
      fc.asyncProperty(shareStateArb, async (state) => {
        expect(await encodeShare(state)).toMatch(/^v2\.[A-Za-z0-9_-]+$/)
      }),
      { numRuns: 50 }
    )
  })
})
