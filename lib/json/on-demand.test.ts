import { beforeEach, describe, expect, it, vi } from "vitest"

import { parseJsonLocated } from "./parse-located"

// Each test gets a fresh copy of the module, as a page that has just loaded.
async function freshOnDemand() {
  vi.resetModules()
  return import("./on-demand")
}

const INVALID = ['{\n  "a": 1,,\n}', '{"a": }', '{"a": 1', '{"a": 1} x']

describe("parsing before and after the error locator loads", () => {
  beforeEach(() => {
    vi.resetModules()
  })

  it("parses valid JSON and explains an empty document without the locator", async () => {
    const { parseJsonLocatedNow } = await freshOnDemand()
    expect(parseJsonLocatedNow('{"a": [1]}')).toEqual({
      success: true,
      data: { a: [1] },
    })
    const empty = parseJsonLocatedNow("  ")
    expect(empty.success).toBe(false)
    if (!empty.success) {
      expect(empty.error.message).toMatch(/empty/)
      expect(empty.error.pending).toBeUndefined()
    }
  })

  it("marks an invalid text as pending until the locator is there", async () => {
    const { parseJsonLocatedNow } = await freshOnDemand()
    const early = parseJsonLocatedNow('{"a": }')
    expect(early.success).toBe(false)
    if (!early.success) {
      expect(early.error.pending).toBe(true)
      expect(early.error.message).toMatch(/Not valid JSON/)
    }
  })

  it.each(INVALID)(
    "once loaded, locates %j exactly as parseJsonLocated",
    async (text) => {
      const { loadJsonTools, parseJsonLocatedNow } = await freshOnDemand()
      await loadJsonTools()
      expect(parseJsonLocatedNow(text)).toEqual(parseJsonLocated(text))
    }
  )

  it("loads once: every caller shares the same tools", async () => {
    const { loadJsonTools, loadedJsonTools } = await freshOnDemand()
    expect(loadedJsonTools()).toBeNull()
    const [a, b] = await Promise.all([loadJsonTools(), loadJsonTools()])
    expect(a).toBe(b)
    expect(loadedJsonTools()).toBe(a)
    expect(typeof a.jsonc.parseTree).toBe("function")
  })
})
