import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"

import { againstMetaSchema, isValidInputSchema } from "./json-schema"
import { CUT } from "./schema-pieces"

/** A schema `depth` levels deep: objects with one property, `leaf` at the bottom. */
function nested(depth: number, leaf: object = { type: "string" }): object {
  let s: object = leaf
  for (let i = 0; i < depth; i++) s = { type: "object", properties: { a: s } }
  return s
}

const names = (n: number) => Array.from({ length: n }, (_, i) => `name${i}`)

// Random schemas: every keyword whose value is a schema, a map or a list of
// them, the name and type lists (with repeats and non-strings), and a few
// values the meta-schema refuses (a negative minLength, a string where a
// schema goes), nested past the cut depth.
const { schema } = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.boolean(),
    fc.record(
      {
        type: fc.oneof(
          fc.constantFrom("object", "string", "nope"),
          fc.array(fc.constantFrom("string", "null", "number", 5), {
            maxLength: 4,
          })
        ),
        required: fc.array(fc.oneof(fc.constantFrom("a", "b", "c"), fc.nat()), {
          maxLength: 4,
        }),
        properties: fc.dictionary(fc.constantFrom("a", "b"), tie("schema"), {
          maxKeys: 2,
        }),
        items: tie("schema"),
        allOf: fc.array(tie("schema"), { maxLength: 2 }),
        not: fc.oneof(tie("schema"), fc.constant("x")),
        minLength: fc.integer({ min: -1, max: 3 }),
        dependentRequired: fc.dictionary(
          fc.constantFrom("a", "b"),
          fc.array(fc.constantFrom("a", "b"), { maxLength: 3 })
        ),
        dependencies: fc.dictionary(
          fc.constantFrom("a"),
          fc.oneof(tie("schema"), fc.array(fc.constantFrom("a", "b")))
        ),
        enum: fc.array(fc.jsonValue(), { maxLength: 2 }),
      },
      { requiredKeys: [] }
    )
  ),
}))

describe("input_schema checked in pieces: the meta-schema's verdict, in linear time", () => {
  it("agrees with one whole walk of the meta-schema on random schemas", () => {
    fc.assert(
      fc.property(schema, fc.nat({ max: 2 * CUT }), (s, depth) => {
        const deep = nested(depth, typeof s === "object" ? s : {})
        // The API also refuses anyOf/oneOf/allOf at the top level (only
        // reached at depth 0), whatever the meta-schema says.
        const topLevelCombinator = ["anyOf", "oneOf", "allOf"].some(
          (k) => k in deep
        )
        expect(isValidInputSchema(deep)).toBe(
          !topLevelCombinator && againstMetaSchema(deep)
        )
      }),
      { numRuns: 300 }
    )
  })

  it("80,000 required names are valid; one repeated among them is not", () => {
    expect(
      isValidInputSchema({ type: "object", required: names(80_000) })
    ).toBe(true)
    const repeated = [...names(80_000), "name5"]
    expect(isValidInputSchema({ type: "object", required: repeated })).toBe(
      false
    )
    // The meta-schema says the same where its walk is quick.
    expect(againstMetaSchema({ required: [...names(50), "name5"] })).toBe(false)
  })

  it("a request with 80,000 required names is simulated", () => {
    const r = simulate({
      model: "claude-sonnet-4-5",
      max_tokens: 10,
      tools: [
        {
          name: "t",
          input_schema: { type: "object", required: names(80_000) },
        },
      ],
      messages: [{ role: "user", content: "hi" }],
    })
    expect(r.ok).toBe(true)
  })

  it.each([150, 1000, 5000])(
    "a schema nested %i deep gets the same verdict every time (valid; invalid with a bad leaf)",
    (depth) => {
      const verdicts = new Set<string>()
      for (let i = 0; i < 30; i++)
        verdicts.add(
          `${isValidInputSchema(nested(depth))} ${isValidInputSchema(nested(depth, { minLength: -1 }))}`
        )
      expect([...verdicts]).toEqual(["true false"])
    }
  )

  it("an object that contains itself is invalid, not a hang", () => {
    const cyclic: Record<string, unknown> = { type: "object" }
    cyclic.properties = { self: cyclic }
    expect(isValidInputSchema(cyclic)).toBe(false)
  })
})
