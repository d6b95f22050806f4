/**
 * Shape validation of `context_management` (Pydantic-style messages, spec §4)
 * and normalisation of each edit with the documented defaults filled in.
 * Cross-field rules (thinking on, ordering, model support) live in
 * check-edits.ts.
 */
import { EDIT_LIMITS, EDIT_TYPES } from "./edit-defaults"
import { intProblem, isObj, issue, MSG } from "./issues"
import type { EditType, JsonPath, SimulateError } from "./types"

/** clear_tool_uses with defaults applied. */
export interface NClearToolUses {
  type: "clear_tool_uses_20250919"
  index: number
  trigger: { type: "input_tokens" | "tool_uses"; value: number }
  keep: number
  clearAtLeast: number | null
  exclude: string[]
  /** true = every cleared pair, list = only these tool names. */
  clearInputs: boolean | string[]
}
/** clear_thinking; keep null = the model's default. */
export interface NClearThinking {
  type: "clear_thinking_20251015"
  index: number
  keep: "all" | number | null
}
/** compact with defaults applied. */
export interface NCompact {
  type: "compact_20260112"
  index: number
  trigger: number
  pause: boolean
  instructions: string | null
}
/** A normalised edit. */
export type NEdit = NClearToolUses | NClearThinking | NCompact

type Result<T> = { ok: true; value: T } | { ok: false; error: SimulateError }
const bad = (path: JsonPath, message: string): Result<never> => ({
  ok: false,
  error: issue(path, message),
})

const KEYS: Record<EditType, readonly string[]> = {
  clear_tool_uses_20250919: [
    "type",
    "trigger",
    "keep",
    "clear_at_least",
    "exclude_tools",
    "clear_tool_inputs",
  ],
  clear_thinking_20251015: ["type", "keep"],
  compact_20260112: [
    "type",
    "trigger",
    "pause_after_compaction",
    "instructions",
  ],
}

/** Checks a `{type, value}` object against the allowed tags and an integer minimum. */
function typedValue(
  v: unknown,
  p: JsonPath,
  tags: readonly string[],
  min: number,
  strict = false
): Result<{ type: string; value: number }> {
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

function nameList(v: unknown, p: JsonPath): Result<string[]> {
  if (!Array.isArray(v)) return bad(p, MSG.list)
  for (let i = 0; i < v.length; i++)
    if (typeof v[i] !== "string") return bad([...p, i], MSG.string)
  return { ok: true, value: v as string[] }
}

function clearToolUses(
  e: Record<string, unknown>,
  index: number,
  p: JsonPath
): Result<NClearToolUses> {
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
  // the observed exception: see compact()),
  // so `null` is a type error there, not the default.
  if (e.trigger !== undefined) {
    // Minimum 1 is an inference from the SDK's generated fixtures (spec §1.3).
    const t = typedValue(
      e.trigger,
      [...p, "trigger"],
      ["input_tokens", "tool_uses"],
      EDIT_LIMITS.clearTriggerMin
    )
    if (!t.ok) return t
    out.trigger = t.value as NClearToolUses["trigger"]
  }
  if (e.keep !== undefined) {
    const k = typedValue(
      e.keep,
      [...p, "keep"],
      ["tool_uses"],
      EDIT_LIMITS.clearKeepMin
    )
    if (!k.ok) return k
    out.keep = k.value.value
  }
  if (e.clear_at_least != null) {
    const c = typedValue(
      e.clear_at_least,
      [...p, "clear_at_least"],
      ["input_tokens"],
      EDIT_LIMITS.clearAtLeastMin
    )
    if (!c.ok) return c
    out.clearAtLeast = c.value.value
  }
  if (e.exclude_tools != null) {
    const x = nameList(e.exclude_tools, [...p, "exclude_tools"])
    if (!x.ok) return x
    out.exclude = x.value
  }
  if (e.clear_tool_inputs != null) {
    if (typeof e.clear_tool_inputs === "boolean")
      out.clearInputs = e.clear_tool_inputs
    else if (Array.isArray(e.clear_tool_inputs)) {
      const x = nameList(e.clear_tool_inputs, [...p, "clear_tool_inputs"])
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

function clearThinking(
  e: Record<string, unknown>,
  index: number,
  p: JsonPath
): Result<NClearThinking> {
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
  const t = typedValue(k, [...p, "keep"], ["thinking_turns", "all"], 0, true)
  if (!t.ok) return t
  return {
    ok: true,
    value: { type: "clear_thinking_20251015", index, keep: t.value.value },
  }
}

function compact(
  e: Record<string, unknown>,
  index: number,
  p: JsonPath
): Result<NCompact> {
  const out: NCompact = {
    type: "compact_20260112",
    index,
    trigger: 150_000,
    pause: false,
    instructions: null,
  }
  if (e.trigger != null) {
    const t = typedValue(
      e.trigger,
      [...p, "trigger"],
      ["input_tokens"],
      Number.NEGATIVE_INFINITY
    )
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

/**
 * Validates the shape of `context_management`. Returns null edits when the
 * field is absent or null (the response then has `context_management: null`).
 */
export function parseEdits(cm: unknown): Result<NEdit[] | null> {
  if (cm === undefined || cm === null) return { ok: true, value: null }
  const base: JsonPath = ["context_management"]
  if (!isObj(cm)) return bad(base, MSG.object)
  for (const k of Object.keys(cm))
    if (k !== "edits") return bad([...base, k], MSG.extra)
  if (cm.edits === undefined) return { ok: true, value: [] }
  if (!Array.isArray(cm.edits)) return bad([...base, "edits"], MSG.list)
  const out: NEdit[] = []
  for (let i = 0; i < cm.edits.length; i++) {
    const e: unknown = cm.edits[i]
    const p: JsonPath = [...base, "edits", i]
    if (!isObj(e)) return bad(p, MSG.object)
    if (e.type === undefined) return bad(p, MSG.noTag)
    if (!EDIT_TYPES.includes(e.type as EditType))
      return bad(p, MSG.tag(e.type, EDIT_TYPES))
    const type = e.type as EditType
    for (const k of Object.keys(e))
      if (!KEYS[type].includes(k)) return bad([...p, k], MSG.extra)
    const r =
      type === "clear_tool_uses_20250919"
        ? clearToolUses(e, i, p)
        : type === "clear_thinking_20251015"
          ? clearThinking(e, i, p)
          : compact(e, i, p)
    if (!r.ok) return r
    out.push(r.value)
  }
  return { ok: true, value: out }
}
