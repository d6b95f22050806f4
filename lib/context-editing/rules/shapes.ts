/**
 * Shape validation of each edit kind (Pydantic-style messages) with the
 * documented defaults filled in. parseEdits (validate-edits.ts) dispatches
 * here through the rule registry (edit-rules.ts).
 */
import { EDIT_LIMITS } from "./catalogue"
import { intProblem, isObj, issue, MSG } from "../request/issues"
import type { JsonPath, SimulateError } from "../types"
import type { NClearThinking, NClearToolUses, NCompact } from "./parse-edits"

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
interface TypedRule {
  tags: readonly string[]
  min: number
  /** Refuse a number that is not an integer (clear_thinking's keep). */
  strict?: boolean
}

/** The `{type, value}` fields of the edit kinds. */
const TYPED = {
  // Minimum 1 is an inference from the SDK's generated fixtures (docs/semantics.md#clear-tool-uses-fields).
  clearTrigger: {
    tags: ["input_tokens", "tool_uses"],
    min: EDIT_LIMITS.clearTriggerMin,
  },
  clearKeep: { tags: ["tool_uses"], min: EDIT_LIMITS.clearKeepMin },
  clearAtLeast: { tags: ["input_tokens"], min: EDIT_LIMITS.clearAtLeastMin },
  thinkingKeep: { tags: ["thinking_turns", "all"], min: 0, strict: true },
  // The minimum is checked afterwards, with its own wording.
  compactTrigger: { tags: ["input_tokens"], min: Number.NEGATIVE_INFINITY },
} as const satisfies Record<string, TypedRule>

/** Checks the `{type, value}` field `key` of `e` against its tags and integer minimum. */
function typedValue(
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
function nameList(
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

/** Shape of one clear_tool_uses_20250919 edit, with its defaults filled in. */
export const validateClearToolUses: Validator<NClearToolUses> = (
  e,
  index,
  p
) => {
  const out: NClearToolUses = {
    type: "clear_tool_uses_20250919",
    index,
    trigger: { type: "input_tokens", value: 100_000 },
    keep: 3,
    clearAtLeast: null,
    exclude: [],
    clearInputs: false,
  }
  // trigger, keep, clear_thinking's keep and edits are optional but not
  // nullable in the SDK (no `| null`, unlike clear_at_least, exclude_tools,
  // clear_tool_inputs and the compaction trigger; pause_after_compaction is
  // the observed exception: see validateCompact()),
  // so `null` is a type error there, not the default.
  if (e.trigger !== undefined) {
    const t = typedValue(e, p, "trigger", TYPED.clearTrigger)
    if (!t.ok) return t
    out.trigger = t.value as NClearToolUses["trigger"]
  }
  if (e.keep !== undefined) {
    const k = typedValue(e, p, "keep", TYPED.clearKeep)
    if (!k.ok) return k
    out.keep = k.value.value
  }
  if (e.clear_at_least != null) {
    const c = typedValue(e, p, "clear_at_least", TYPED.clearAtLeast)
    if (!c.ok) return c
    out.clearAtLeast = c.value.value
  }
  if (e.exclude_tools != null) {
    const x = nameList(e, p, "exclude_tools")
    if (!x.ok) return x
    out.exclude = x.value
  }
  if (e.clear_tool_inputs != null) {
    if (typeof e.clear_tool_inputs === "boolean")
      out.clearInputs = e.clear_tool_inputs
    else if (Array.isArray(e.clear_tool_inputs)) {
      const x = nameList(e, p, "clear_tool_inputs")
      if (!x.ok) return x
      out.clearInputs = x.value
    } else
      return bad(
        [...p, "clear_tool_inputs"],
        "Input should be a valid boolean or a list of tool names"
      )
  }
  return { ok: true, value: out }
}

/** Shape of one clear_thinking_20251015 edit; keep null = the model's default. */
export const validateClearThinking: Validator<NClearThinking> = (
  e,
  index,
  p
) => {
  const k = e.keep
  if (k === undefined)
    return {
      ok: true,
      value: { type: "clear_thinking_20251015", index, keep: null },
    }
  if (k === "all")
    return {
      ok: true,
      value: { type: "clear_thinking_20251015", index, keep: "all" },
    }
  if (typeof k === "string") return bad([...p, "keep"], "Input should be 'all'")
  if (isObj(k) && k.type === "all") {
    for (const key of Object.keys(k))
      if (key !== "type") return bad([...p, "keep", key], MSG.extra)
    return {
      ok: true,
      value: { type: "clear_thinking_20251015", index, keep: "all" },
    }
  }
  const t = typedValue(e, p, "keep", TYPED.thinkingKeep)
  if (!t.ok) return t
  return {
    ok: true,
    value: { type: "clear_thinking_20251015", index, keep: t.value.value },
  }
}

/** Shape of one compact_20260112 edit, with its defaults filled in. */
export const validateCompact: Validator<NCompact> = (e, index, p) => {
  const out: NCompact = {
    type: "compact_20260112",
    index,
    trigger: 150_000,
    pause: false,
    instructions: null,
  }
  if (e.trigger != null) {
    const t = typedValue(e, p, "trigger", TYPED.compactTrigger)
    if (!t.ok) return t
    const min = EDIT_LIMITS.compactionTriggerMin
    // OBS (live 400s, 2026-09): the minimum has its own wording, which
    // replaced the Pydantic-style "Input should be greater than or equal to".
    if (t.value.value < min)
      return {
        ok: false,
        error: issue(
          [...p, "trigger", "value"],
          `${[...p, "compact_20260112"].join(".")}: trigger.value must be at least ${min}`,
          null
        ),
      }
    out.trigger = t.value.value
  }
  // The SDK types it `pause_after_compaction?: boolean`, but the API
  // accepts `null` like an absent field (OBS, live requests answered 200).
  if (e.pause_after_compaction != null) {
    if (typeof e.pause_after_compaction !== "boolean")
      return bad([...p, "pause_after_compaction"], MSG.bool)
    out.pause = e.pause_after_compaction
  }
  if (e.instructions != null) {
    if (typeof e.instructions !== "string")
      return bad([...p, "instructions"], MSG.string)
    out.instructions = e.instructions
  }
  return { ok: true, value: out }
}
