/**
 * Whether a tool's `input_schema` is a schema the API takes: valid against
 * the JSON Schema draft 2020-12 meta-schema (the API's 400 says "It must
 * match JSON Schema draft 2020-12"), checked with @cfworker/json-schema
 * (no `eval` / `new Function`, so it runs under a strict CSP), and without
 * `anyOf` / `oneOf` / `allOf` at the top level (OBS: the same 400 for a
 * top-level `anyOf`, home-assistant/core#160565). The meta-schema
 * documents (meta-2020-12.json) are json-schema.org's, with each
 * `"$dynamicRef": "#meta"` written as a `$ref` to the 2020-12 schema (the
 * validator knows 2019-09's `$recursiveRef`, not `$dynamicRef`; against the
 * plain meta-schema the two resolve to the same schema).
 */
import { type Schema, Validator } from "@cfworker/json-schema"

import { META_2020_12 as META } from "./meta-2020-12"
import { schemaPieces } from "./schema-pieces"

let validator: Validator | null = null

function metaValidator(): Validator {
  if (validator) return validator
  const [root, ...vocabularies] = META as unknown as Schema[]
  const v = new Validator(root!, "2020-12", true)
  for (const doc of vocabularies) v.addSchema(doc)
  validator = v
  return v
}

/**
 * The meta-schema's verdict on one whole schema, in one walk (recursive,
 * quadratic on name lists): what the pieces of isValidInputSchema must
 * agree with, for the schemas it can walk.
 */
export const againstMetaSchema = (schema: unknown): boolean =>
  metaValidator().validate(schema).valid

/** Keywords the API refuses at the top level of an input schema. */
const TOP_LEVEL_COMBINATORS = ["anyOf", "oneOf", "allOf"]

/** Verdicts by schema object (the store replaces what it changes). */
const verdicts = new WeakMap<object, boolean>()

/**
 * True when `schema` is a valid draft 2020-12 input schema for the API:
 * checked in pieces (schema-pieces.ts), in linear time and the same way
 * however deep it nests.
 */
export function isValidInputSchema(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false
  if (TOP_LEVEL_COMBINATORS.some((k) => k in schema)) return false
  const known = verdicts.get(schema)
  if (known !== undefined) return known
  let valid = false
  try {
    const pieces = schemaPieces(schema)
    valid = pieces !== null && pieces.every(againstMetaSchema)
  } catch {
    // A schema the validator cannot walk (e.g. a cyclic object) is not one
    // the API could parse either.
  }
  verdicts.set(schema, valid)
  return valid
}

/**
 * The API's 400 for an input_schema that is not a draft 2020-12 schema (OBS:
 * live 400s quoted in public issues, e.g. anthropics/claude-code#86664).
 */
export const INVALID_SCHEMA_MESSAGE =
  "JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview."

/** The API's words for an input_schema it refuses, or null. */
export const inputSchemaProblem = (schema: unknown): string | null =>
  isValidInputSchema(schema) ? null : INVALID_SCHEMA_MESSAGE
