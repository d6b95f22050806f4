import fc from "fast-check"
import { describe, expect, it } from "vitest"

import type { Copy, TableEntry } from "./long-match"
import {
  packStrings,
  STRING_TABLE_MIN_LENGTH,
  unpackStrings,
  type UnpackBounds,
} from "./string-table"

const bounds: UnpackBounds = {
  maxChars: 16 * 1024 * 1024,
  deadline: Infinity,
  now: () => 0,
}

/** Packs a JSON value and reads it back through JSON text, as a link does. */
function roundTrip(value: unknown) {
  const text = JSON.stringify(value)
  const doc = packStrings(JSON.parse(text))
  const wire = JSON.parse(JSON.stringify(doc)) as unknown
  return { doc, result: unpackStrings(wire, bounds) }
}

const long = (seed: string) =>
  Array.from({ length: 40 }, (_, i) => `${seed} line ${i}`).join("\n")

const copies = (entry: TableEntry | undefined): Copy[] =>
  Array.isArray(entry)
    ? entry.filter((part): part is Copy => Array.isArray(part))
    : []

describe("packStrings", () => {
  it("stores a repeated long string once and refers to it", () => {
    const text = long("file")
    const { doc, result } = roundTrip({ a: text, b: [text, { c: text }] })
    expect(doc.t).toEqual([text])
    expect(doc.s).toEqual({ a: "~0", b: ["~0", { c: "~0" }] })
    expect(result).toEqual({
      ok: true,
      value: { a: text, b: [text, { c: text }] },
      notes: [],
    })
  })

  it("keeps short strings, keys, numbers and one-element arrays as they are", () => {
    const value = { [long("key")]: [0], n: [1], short: "hello" }
    const { doc } = roundTrip(value)
    expect(doc.t).toEqual([])
    expect(doc.s).toEqual(value)
  })

  it("writes an overlapping slice of an earlier string as a copy", () => {
    const file = long("source")
    const first = file.slice(0, 500)
    const second = file.slice(200) // shares file[200..500) with `first`
    const { doc, result } = roundTrip({ first, filler: long("x"), second })
    expect(copies(doc.t[2])).toEqual([[0, 200, 300]])
    expect(result.ok && result.value).toEqual({
      first,
      filler: long("x"),
      second,
    })
  })

  it("never splits a surrogate pair between a literal and a copy", () => {
    const emoji = "👩‍💻东京".repeat(60)
    const { doc, result } = roundTrip({ a: emoji, b: "x" + emoji.slice(1) })
    for (const part of doc.t.flat()) {
      if (typeof part !== "string") continue
      expect(part).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/)
    }
    expect(result.ok && result.value).toEqual({
      a: emoji,
      b: "x" + emoji.slice(1),
    })
  })

  it("keeps a __proto__ key as data", () => {
    const text = `{"__proto__":{"a":${JSON.stringify(long("p"))}},"b":"~"}`
    const { result } = roundTrip(JSON.parse(text))
    expect(result.ok && JSON.stringify(result.value)).toBe(text)
  })

  it("gives equal documents for equal values", () => {
    const value = { a: long("a"), b: long("a").slice(90), c: "~x" }
    expect(roundTrip(value).doc).toEqual(roundTrip(structuredClone(value)).doc)
  })
})

describe("the ~ escape", () => {
  const tricky = [
    "~",
    "~~",
    "~0",
    "~a",
    "~~0",
    "~/notes.md",
    "~".repeat(STRING_TABLE_MIN_LENGTH), // long: goes to the table raw
    "~0" + "x".repeat(STRING_TABLE_MIN_LENGTH),
    "0~",
  ]

  it.each(tricky)("round-trips the real string %j", (text) => {
    const { result } = roundTrip({ v: text, list: [text] })
    expect(result).toEqual({
      ok: true,
      value: { v: text, list: [text] },
      notes: [],
    })
  })

  it("doubles the ~ of a short real string, so it cannot read as a reference", () => {
    expect(roundTrip({ v: "~0" }).doc.s).toEqual({ v: "~~0" })
  })
})

describe("unpackStrings on hostile documents", () => {
  const big = "a".repeat(1000)
  const cases: [string, unknown, "damaged" | "too_large", RegExp?][] = [
    ["not an object", [1], "damaged", /malformed/],
    ["no table", { s: {} }, "damaged", /malformed/],
    ["no state", { t: [] }, "damaged", /malformed/],
    ["a table entry that is a number", { t: [1], s: {} }, "damaged"],
    ["a reference past the table", { t: ["x"], s: "~1" }, "damaged", /"~1"/],
    ["a reference into an empty table", { t: [], s: ["~0"] }, "damaged"],
    ["a non-canonical reference", { t: ["x"], s: "~00" }, "damaged"],
    ["an upper-case reference", { t: Array(11).fill("x"), s: "~A" }, "damaged"],
    ["a bare ~", { t: [], s: "~" }, "damaged"],
    ["a ~ before text", { t: [], s: "~hello world" }, "damaged"],
    ["a copy of itself", { t: [[[0, 0, 1]]], s: "~0" }, "damaged", /copies/],
    ["a copy ahead", { t: [[[1, 0, 1]], "x"], s: "~0" }, "damaged"],
    ["a copy past the end", { t: ["ab", [[0, 1, 2]]], s: "~1" }, "damaged"],
    ["a negative offset", { t: ["ab", [[0, -1, 1]]], s: "~1" }, "damaged"],
    ["a fractional length", { t: ["ab", [[0, 0, 1.5]]], s: "~1" }, "damaged"],
    ["a string index", { t: ["ab", [["0", 0, 1]]], s: "~1" }, "damaged"],
    ["a two-number copy", { t: ["ab", [[0, 0]]], s: "~1" }, "damaged"],
    ["a nested part", { t: ["ab", [[[0, 0, 1]]]], s: "~1" }, "damaged"],
    [
      "a reference bomb",
      { t: [big], s: Array(20_000).fill("~0") },
      "too_large",
    ],
    [
      "a doubling copy chain",
      {
        t: [
          big,
          ...Array.from({ length: 40 }, (_, k) => [
            [k, 0, 1000 * 2 ** k],
            [k, 0, 1000 * 2 ** k],
          ]),
        ],
        s: "~0",
      },
      "too_large",
    ],
    [
      "one entry of many copies",
      { t: [big, Array(100_000).fill([0, 0, 1000])], s: "~0" },
      "too_large",
    ],
  ]

  it.each(cases)("rejects %s with a reason", (_name, doc, reason, detail) => {
    const result = unpackStrings(doc, { ...bounds, maxChars: 10_000_000 })
    expect(result).toMatchObject({ ok: false, reason })
    if (detail && !result.ok) expect(result.detail).toMatch(detail)
  })

  it("checks the clock while resolving a large table", () => {
    let t = 0
    const result = unpackStrings(
      { t: Array(20_000).fill("x"), s: {} },
      { ...bounds, deadline: 2, now: () => t++ }
    )
    expect(result).toMatchObject({ ok: false, reason: "timeout" })
  })

  it("ignores unknown parts of the document with a note", () => {
    const result = unpackStrings({ t: [], s: { a: 1 }, z: 2 }, bounds)
    expect(result).toMatchObject({ ok: true, value: { a: 1 } })
    expect(result.ok && result.notes.join(" ")).toMatch(/"z"/)
  })
})

describe("pack then unpack", () => {
  // Strings drawn from a small pool so values repeat, start with "~" and
  // overlap each other.
  const base = long("pool") + "东京👩‍💻" + long("more")
  const textArb = fc.oneof(
    fc.string(),
    fc.constantFrom("~", "~~", "~0", "~1", "~z", "~~~"),
    fc
      .tuple(
        fc.nat({ max: base.length }),
        fc.integer({ min: 0, max: 1200 }),
        fc.constantFrom("", "~")
      )
      .map(([at, length, mark]) => mark + base.slice(at, at + length))
  )
  const valueArb = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      textArb,
      fc.integer(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 5 }),
      fc.dictionary(textArb, tie("value"), { maxKeys: 4 })
    ),
  })).value

  it("gives back any JSON value", () => {
    fc.assert(
      fc.property(fc.oneof(valueArb, fc.jsonValue()), (value) => {
        const expected = JSON.parse(JSON.stringify(value)) as unknown
        const { result } = roundTrip(value)
        expect(result).toEqual({ ok: true, value: expected, notes: [] })
      }),
      { numRuns: 400 }
    )
  })
})
