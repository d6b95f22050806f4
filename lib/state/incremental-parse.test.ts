import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { reparseTouchedValue, topLevelEntries } from "./incremental-parse"
import { createPlaygroundStore } from "./playground-store"
import { stringifyRequest } from "./request-text"

const request = {
  model: "claude-sonnet-4-6",
  messages: [{ role: "user", content: 'say "hi", {ok: [1]}' }],
  context_management: {
    edits: [
      {
        type: "clear_tool_uses_20250919",
        keep: { type: "tool_uses", value: 3 },
      },
    ],
  },
}
const text = stringifyRequest(request)

describe("reparseTouchedValue", () => {
  it("re-parses only the edited value and keeps the others' identity", () => {
    const next = text.replace('"value": 3', '"value": 5')
    const out = reparseTouchedValue(text, request, next)
    expect(out).toEqual(JSON.parse(next))
    expect(out?.messages).toBe(request.messages)
  })

  it("refuses edits that add a key, break the value or touch a key", () => {
    const added = text.replace('"model": ', '"x": 1, "model": ')
    expect(reparseTouchedValue(text, request, added)).toBeNull()
    const broken = text.replace('"value": 3', '"value": ')
    expect(reparseTouchedValue(text, request, broken)).toBeNull()
    const renamed = text.replace('"model"', '"modal"')
    expect(reparseTouchedValue(text, request, renamed)).toBeNull()
  })

  it("finds top-level values past strings holding brackets and commas", () => {
    const entries = topLevelEntries(text)
    expect(entries?.map((e) => e.key)).toEqual([
      "model",
      "messages",
      "context_management",
    ])
  })

  it("agrees with a full parse for any single-span edit", () => {
    fc.assert(
      fc.property(
        fc.nat(text.length),
        fc.nat(8),
        fc.string({ maxLength: 6, unit: fc.constantFrom(...'0123 ,:{}[]"a') }),
        (at, cut, insert) => {
          const next = text.slice(0, at) + insert + text.slice(at + cut)
          const out = reparseTouchedValue(text, request, next)
          if (out === null) return
          expect(out).toEqual(JSON.parse(next))
        }
      ),
      { numRuns: 5000 }
    )
  })
})

describe("setRequestTextIfCheap", () => {
  it("applies an edit inside one value and leaves other edits to a full parse", () => {
    const store = createPlaygroundStore({ request })
    const messages = store.getState().request
    const next = text.replace('"value": 3', '"value": 4')
    expect(store.getState().setRequestTextIfCheap(next)).toBe(true)
    expect(store.getState().request).toEqual(JSON.parse(next))
    expect((store.getState().request as typeof request).messages).toBe(
      (messages as typeof request).messages
    )
    expect(store.getState().setRequestTextIfCheap(next + " x")).toBe(false)
    expect(store.getState().requestText).toBe(next)
  })
})
