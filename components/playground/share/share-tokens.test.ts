import { describe, expect, it } from "vitest"

import { fakeStorage, itReadsNonObjectsAsEmpty } from "../store/fake-storage"
import {
  SHARE_TOKENS_KEY,
  forgetShareToken,
  getShareToken,
  listShareTokens,
  saveShareToken,
} from "./share-tokens"
import { linkLengthWarning } from "./size-meter"

describe("share tokens in localStorage", () => {
  it("saves, lists newest first, finds and forgets tokens", () => {
    const storage = fakeStorage()
    saveShareToken(storage, {
      id: "aaaaaaaaaa",
      url: "http://x/s/aaaaaaaaaa",
      token: "t1",
      createdAt: 1,
    })
    saveShareToken(storage, {
      id: "bbbbbbbbbb",
      url: "http://x/s/bbbbbbbbbb",
      token: "t2",
      createdAt: 2,
    })
    expect(listShareTokens(storage).map((e) => e.id)).toEqual([
      "bbbbbbbbbb",
      "aaaaaaaaaa",
    ])
    expect(getShareToken(storage, "aaaaaaaaaa")).toBe("t1")
    forgetShareToken(storage, "aaaaaaaaaa")
    expect(getShareToken(storage, "aaaaaaaaaa")).toBeUndefined()
    expect(JSON.parse(storage.data.get(SHARE_TOKENS_KEY) ?? "")).toEqual({
      bbbbbbbbbb: { token: "t2", url: "http://x/s/bbbbbbbbbb", createdAt: 2 },
    })
  })

  itReadsNonObjectsAsEmpty(SHARE_TOKENS_KEY, listShareTokens, [])

  it("keeps the good entries when one is malformed", () => {
    const storage = fakeStorage({
      [SHARE_TOKENS_KEY]: JSON.stringify({
        good: { token: "t", url: "u", createdAt: 5 },
        bad: { token: 42 },
      }),
    })
    expect(listShareTokens(storage)).toEqual([
      { id: "good", token: "t", url: "u", createdAt: 5 },
    ])
  })

  it("survives storage that refuses writes", () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError")
      },
    }
    expect(() =>
      saveShareToken(storage, { id: "a", url: "u", token: "t", createdAt: 1 })
    ).not.toThrow()
  })
})

describe("linkLengthWarning", () => {
  it.each([
    [2000, null],
    [2001, /chat apps like Discord, and for Firefox history\.$/],
    [32_000, /chat apps/],
    [32_001, /Chromium's address bar won't display it fully/],
  ])("%i characters", (length, expected) => {
    const warning = linkLengthWarning(length)
    if (expected === null) expect(warning).toBeNull()
    else expect(warning).toMatch(expected)
  })
})
