/**
 * The shape of one `clear_tool_uses_20250919` edit, in the API's words
 * (docs/semantics.md#errors), with its documented defaults filled in.
 */
import {
  bad,
  nameList,
  type TypedRule,
  typedValue,
  type Validator,
} from "../shapes"
import { clearToolUsesKind, type NClearToolUses } from "./kind"

const D = clearToolUsesKind.defaults
const L = clearToolUsesKind.limits
const TRIGGER: TypedRule = {
  tags: ["input_tokens", "tool_uses"],
  min: L.clearTriggerMin,
}
const KEEP: TypedRule = { tags: ["tool_uses"], min: L.clearKeepMin }
const AT_LEAST: TypedRule = { tags: ["input_tokens"], min: L.clearAtLeastMin }

/** Shape of one clear_tool_uses_20250919 edit, with its defaults filled in. */
export const validateClearToolUses: Validator<NClearToolUses> = (
  e,
  index,
  p
) => {
  const out: NClearToolUses = {
    type: "clear_tool_uses_20250919",
    index,
    trigger: { ...D.trigger },
    keep: D.keep.value,
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
    const t = typedValue(e, p, "trigger", TRIGGER)
    if (!t.ok) return t
    out.trigger = t.value as NClearToolUses["trigger"]
  }
  if (e.keep !== undefined) {
    const k = typedValue(e, p, "keep", KEEP)
    if (!k.ok) return k
    out.keep = k.value.value
  }
  if (e.clear_at_least != null) {
    const c = typedValue(e, p, "clear_at_least", AT_LEAST)
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
