/**
 * Shape validation of `context_management` (Pydantic-style messages, docs/semantics.md#errors)
 * and normalisation of each edit with the documented defaults filled in:
 * the keys each kind accepts (kinds.ts) and its validator (registry.ts).
 * Cross-field rules (thinking on, ordering, model support) live in
 * check-edits.ts.
 */
import { isObj, MSG } from "../request/issues"
import type { JsonPath } from "../types"
import { EDIT_TYPES } from "./catalogue"
import { EDIT_KINDS, type EditType, type NEdit } from "./kinds"
import { ruleFor } from "./registry"
import { bad, type Result } from "./shapes"

export type { NClearThinking, NClearToolUses, NCompact, NEdit } from "./kinds"

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
      if (!(EDIT_KINDS[type].keys as readonly string[]).includes(k))
        return bad([...p, k], MSG.extra)
    const r = ruleFor(type).validate(e, i, p)
    if (!r.ok) return r
    out.push(r.value)
  }
  return { ok: true, value: out }
}
