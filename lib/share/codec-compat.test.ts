// Frozen links: every format version ever shipped must keep decoding to the
// same state, forever. Never regenerate these fixtures; add new ones.

import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

import { decodeFragment, decodeShare, encodeShare } from "./codec"
import type { ShareState } from "./types"

const fixture = (name: string) =>
  readFileSync(join(__dirname, "__fixtures__", name), "utf8")

describe.each(["v1", "v1-text"])("frozen %s link", (name) => {
  const link = fixture(`${name}.txt`).trim()
  const state: unknown = JSON.parse(fixture(`${name}.json`))

  it("decodes to the recorded state without repairs", async () => {
    expect(await decodeShare(link)).toEqual({
      success: true,
      data: state,
      notes: [],
    })
  })

  it("decodes from location.hash", async () => {
    expect(await decodeFragment(`#${link}`)).toMatchObject({
      success: true,
      data: state,
    })
  })

  it("is what this build would write (same state, same meaning)", async () => {
    const rewritten = await encodeShare(state as ShareState)
    // Bytes may differ across zlib builds; the decoded state may not.
    expect(await decodeShare(rewritten)).toEqual({
      success: true,
      data: state,
      notes: [],
    })
  })
})
