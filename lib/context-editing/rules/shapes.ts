/**
 * The pieces every kind's shape validator is made of (Pydantic-style
 * messages, docs/semantics.md#errors): a located error, a `{type, value}`
 * field with its tags and integer minimum, a list of names. Each kind's
 * validator (in its folder) fills in its documented defaults.
 */
import { intProblem, isObj, issue, MSG } from "../request/issues"
import type { JsonPath, SimulateError } from "../types"

/** A validator's answer: the normalised value or the first located error. */
export type Result<T> =
  { ok: true; value: T } | { ok: false; error: SimulateError }
/** Shape check of a raw edit object at path `p`, defaults filled in. */
export type Validator<N> = (
  e: Record<string, unknown>,
  index: number,
  p: JsonPath
) => Result<N>

export const bad = (path: JsonPath, message: string): Result<never> => ({
  ok: false,
  error: issue(path, message),
})

/** The tags a `{type, value}` field allows and its integer minimum. */
export interface TypedRule {
  tags: readonly string[]
  min: number
  /** Refuse a number that is not an integer (clear_thinking's keep). */
  strict?: boolean
}

/** Checks the `{type, value}` field `key` of `e` against its tags and integer minimum. */
export function typedValue(
  e: Record<string, unknown>,
  parent: JsonPath,
  key: string,
  { tags, min, strict = false }: TypedRule
): Result<{ type: string; value: number }> {
  const v = e[key]
  const p = [...parent, key]
  if (!isObj(v)) return bad(p, MSG.object)
  if (v.type === undefined) return bad(p, MSG.noTag)
  if (!tags.includes(v.type as string)) return bad(p, MSG.tag(v.type, tags))
  for (const k of Object.keys(v))
    if (k !== "type" && k !== "value") return bad([...p, k], MSG.extra)
  if (v.value === undefined) return bad([...p, "value"], MSG.required)
  const prob = intProblem(v.value, min, strict)
  if (prob) return bad([...p, "value"], prob)
  return {
    ok: true,
    value: { type: v.type as string, value: v.value as number },
  }
}

/** Checks that the field `key` of `e` is a list of names. */
export function nameList(
  e: Record<string, unknown>,
  parent: JsonPath,
  key: string
): Result<string[]> {
  const v = e[key]
  const p = [...parent, key]
  if (!Array.isArray(v)) return bad(p, MSG.list)
  for (let i = 0; i < v.length; i++)
    if (typeof v[i] !== "string") return bad([...p, i], MSG.string)
  return { ok: true, value: v as string[] }
}
