import { describe, expect, it, vi } from "vitest"
import type { PersistStorage, StorageValue } from "zustand/middleware"

import { originLabel } from "./origin"
import { createPlaygroundStore, type PersistedState } from "./playground-store"

const base = {
  model: "claude-sonnet-4-6",
  max_tokens: 1024,
  messages: [{ role: "user", content: "Hello" }],
}

function memoryStorage() {
  const map = new Map<string, StorageValue<PersistedState>>()
  const storage: PersistStorage<PersistedState> = {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, structuredClone(v)),
    removeItem: (k) => void map.delete(k),
  }
  return { map, storage }
}

describe("document slice", () => {
  it("keeps invalid text as typed while the last valid request drives the result", () => {
    const store = createPlaygroundStore({ request: base })
    store.getState().setRequestText('{"model": ')
    const s = store.getState()
    expect(s.requestText).toBe('{"model": ')
    expect(s.parseError?.line).toBe(1)
    expect(s.request).toEqual(base)
  })

  it("says where the text is invalid once the on-demand locator has loaded", async () => {
    vi.resetModules() // a page that has just loaded: the locator is not there yet
    const fresh = await import("./playground-store")
    const store = fresh.createPlaygroundStore({ request: base })
    store.getState().setRequestText('{\n  "model": "m",,\n}')
    expect(store.getState().parseError?.message).toMatch(/Not valid JSON/)
    await vi.waitFor(() =>
      expect(store.getState().parseError).toMatchObject({ line: 2, column: 16 })
    )
    expect(store.getState().parseError?.message).toMatch(
      /property name.*line 2, column 16/
    )
    expect(store.getState().parseError?.pending).toBeUndefined()
  })

  it("clears the error once the text parses again", () => {
    const store = createPlaygroundStore({ request: base })
    store.getState().setRequestText("{")
    store.getState().setRequestText('{"model": "x", "messages": []}')
    expect(store.getState().parseError).toBeNull()
    expect(store.getState().request).toEqual({ model: "x", messages: [] })
  })

  it("writes a form change back into the text without reformatting the rest", () => {
    const store = createPlaygroundStore()
    const text =
      '{"model":"claude-sonnet-4-6",   "messages": [ {"role":"user","content":"hi"} ]}'
    store.getState().setRequestText(text)
    store.getState().updateRequest((r) => ({
      ...r,
      context_management: { edits: [{ type: "clear_tool_uses_20250919" }] },
    }))
    // The result can update before the text is rewritten.
    expect(store.getState().textPending).toBe(true)
    store.getState().flushPendingText()
    const after = store.getState().requestText
    expect(after).toContain('"messages": [ {"role":"user","content":"hi"} ]')
    expect(JSON.parse(after)).toEqual(store.getState().request)
  })

  it("ignores form changes while the text does not parse", () => {
    const store = createPlaygroundStore({ request: base })
    store.getState().setRequestText("{ broken")
    store.getState().updateRequest((r) => ({ ...r, model: "other" }))
    expect(store.getState().requestText).toBe("{ broken")
    expect(store.getState().request).toEqual(base)
  })
})

describe("history slice", () => {
  it("undoes and redoes request versions", () => {
    const store = createPlaygroundStore({ request: base })
    store.getState().updateRequest((r) => ({ ...r, max_tokens: 1 }))
    store.getState().updateRequest((r) => ({ ...r, max_tokens: 2 }))
    store.getState().undo()
    expect(store.getState().request).toMatchObject({ max_tokens: 1 })
    expect(JSON.parse(store.getState().requestText)).toMatchObject({
      max_tokens: 1,
    })
    store.getState().undo()
    expect(store.getState().request).toEqual(base)
    store.getState().redo()
    expect(store.getState().request).toMatchObject({ max_tokens: 1 })
  })

  it("undoes a slider drag (changes continuing one gesture) in one step", () => {
    const store = createPlaygroundStore({ request: base })
    store.getState().updateRequest((r) => ({ ...r, max_tokens: 1 }))
    store.getState().updateRequest((r) => ({ ...r, max_tokens: 2 }))
    for (const n of [3, 4, 5])
      store.getState().updateRequest((r) => ({ ...r, max_tokens: n }), {
        continueGesture: true,
      })
    expect(store.getState().request).toMatchObject({ max_tokens: 5 })
    store.getState().undo()
    expect(store.getState().request).toMatchObject({ max_tokens: 1 })
    store.getState().redo()
    expect(store.getState().request).toMatchObject({ max_tokens: 5 })
  })

  it("drops the redo branch after a new change", () => {
    const store = createPlaygroundStore({ request: base })
    store.getState().updateRequest((r) => ({ ...r, max_tokens: 1 }))
    store.getState().undo()
    store.getState().updateRequest((r) => ({ ...r, max_tokens: 3 }))
    store.getState().redo()
    expect(store.getState().request).toMatchObject({ max_tokens: 3 })
  })
})

describe("origin", () => {
  const preset = { kind: "preset", id: "p", title: "Research agent" } as const

  it("names what the conversation was loaded from until it is changed, then says edited", () => {
    const store = createPlaygroundStore({ request: base, source: preset })
    expect(originLabel(store.getState().origin)).toBe("Example: Research agent")
    expect(store.getState().origin?.edited).toBe(false)
    store.getState().setRequestText('{"model": ')
    expect(store.getState().origin?.edited).toBe(true)
    store.getState().setRequest(base, {
      kind: "import",
      summary: "Imported Claude Code session: 3 messages, 1 tool use",
    })
    expect(originLabel(store.getState().origin)).toBe(
      "Imported Claude Code session"
    )
    expect(store.getState().origin?.edited).toBe(false)
    store.getState().updateRequest((r) => ({ ...r, max_tokens: 2 }))
    store.getState().undo()
    expect(store.getState().origin?.edited).toBe(true)
  })

  it("a change of layout only (Tab's indent in the editor) is not an edit and no undo step", () => {
    const store = createPlaygroundStore({ request: base, source: preset })
    const text = store.getState().requestText
    const steps = store.getState().past.length
    store.getState().setRequestText(text.replace("{", "{  "))
    expect(store.getState().requestText).not.toBe(text)
    expect(store.getState().origin?.edited).toBe(false)
    expect(store.getState().past.length).toBe(steps)
    store.getState().setRequestText(text.replace('"', '"x'))
    store.getState().setRequestText(text)
    expect(store.getState().origin?.edited).toBe(true)
  })

  it("has none for a conversation typed from scratch", () => {
    const store = createPlaygroundStore()
    store.getState().setRequestText(JSON.stringify(base))
    expect(store.getState().origin).toBeNull()
  })

  it("survives a reload through autosave, and a malformed saved origin is dropped", async () => {
    const { map, storage } = memoryStorage()
    const first = createPlaygroundStore({
      request: base,
      source: preset,
      storage,
    })
    first.getState().updateRequest((r) => ({ ...r, max_tokens: 2 }))
    const second = createPlaygroundStore({ request: {}, storage })
    await second.persist.rehydrate()
    expect(second.getState().origin).toEqual({ source: preset, edited: true })

    const [key, saved] = [...map.entries()][0]!
    map.set(key, {
      ...saved,
      state: {
        ...saved.state,
        origin: { source: { kind: "import" } } as never,
      },
    })
    const third = createPlaygroundStore({ request: {}, storage })
    await third.persist.rehydrate()
    expect(third.getState().origin).toBeNull()
  })

  it("saves an imported log's usage without a second copy of its messages, and puts the conversation as logged back on reload", async () => {
    const { map, storage } = memoryStorage()
    const messages = [{ role: "user", content: "x".repeat(50_000) }]
    const usage = {
      messageIndex: 0,
      input_tokens: 3,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 1,
      model: "claude-opus-4-5",
      config: { model: "claude-opus-4-5", max_tokens: 10 },
      conversation: { model: "claude-opus-4-5", max_tokens: 10, messages },
    }
    const source = { kind: "import", summary: "log", realUsage: [usage] }
    const first = createPlaygroundStore({
      request: { ...base, messages },
      source: source as never,
      storage,
    })
    first.getState().updateRequest((r) => ({ ...r, max_tokens: 2 }))
    // The 50,000 characters are saved once (in the request text), not twice.
    const text = JSON.stringify([...map.values()][0])
    expect(text.split("x".repeat(50_000)).length - 1).toBe(1)
    const second = createPlaygroundStore({ request: {}, storage })
    await second.persist.rehydrate()
    const o = second.getState().origin!.source
    const back = o.kind === "import" ? o.realUsage![0]!.conversation : null
    expect(back).toEqual({ model: "claude-opus-4-5", max_tokens: 10, messages })
  })
})

describe("autosave", () => {
  it("restores the typed text, even when it is invalid", async () => {
    const { storage } = memoryStorage()
    const first = createPlaygroundStore({ request: base, storage })
    first.getState().setRequestText('{"model": "typed"')
    first.getState().setResultTab("explain")

    const second = createPlaygroundStore({ request: {}, storage })
    await second.persist.rehydrate()
    const s = second.getState()
    expect(s.requestText).toBe('{"model": "typed"')
    expect(s.parseError).not.toBeNull()
    expect(s.resultTab).toBe("explain")
    expect(s.source).toEqual({ kind: "autosave" })
  })

  it("does not persist history or calibration", () => {
    const { map, storage } = memoryStorage()
    const store = createPlaygroundStore({ request: base, storage })
    store.getState().setCalibration("claude-sonnet-4-6", 1.2)
    const saved = [...map.values()][0]
    expect(saved?.state).not.toHaveProperty("calibration")
    expect(saved?.state).not.toHaveProperty("past")
  })
})
