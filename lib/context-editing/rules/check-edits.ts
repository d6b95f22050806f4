/**
 * Cross-field rules of context management (docs/semantics.md#clear-thinking-fields, docs/semantics.md#compact-fields, docs/semantics.md#errors) and the
 * warnings about suspicious but allowed configurations. Each rule reads
 * what the kinds declare (kinds.ts: the model capability they need,
 * thinking, placement, the blocks they own) and the warnings only a kind
 * gives come from its rule (registry.ts); nothing here names a kind.
 */
import { issue } from "../request/issues"
import { isOnDemandBlock } from "../request/on-demand"
import { thinkingIsOn } from "../request/validate-request"
import type {
  Assumptions,
  EditTrace,
  SimulateError,
  SimulateWarning,
} from "../types"
import { blockOwner } from "./catalogue"
import type { CheckInput } from "./edit-rule"
import { EDIT_KINDS, type NEdit } from "./kinds"
import { ruleFor } from "./registry"

export type { CheckInput } from "./edit-rule"

const editPath = (i: number) => ["context_management", "edits", i]

/**
 * The same strategy twice is a 400 (OBS, a live vendor test: the message
 * contains "duplicate context management strategy"; the rest of the wording
 * is ours).
 */
function duplicateEdit(edits: readonly NEdit[]): SimulateError | null {
  const seen = new Set<string>()
  for (const e of edits) {
    if (seen.has(e.type))
      return issue(
        editPath(e.index),
        `context_management: duplicate context management strategy \`${e.type}\`: each strategy may appear once in \`context_management.edits\``,
        null
      )
    seen.add(e.type)
  }
  return null
}

/** A kind that needs thinking on, or to go first, where it is not. */
function placement(x: CheckInput, edits: readonly NEdit[]) {
  for (const e of edits) {
    const kind = EDIT_KINDS[e.type]
    if (kind.needsThinking && !thinkingIsOn(x.thinking))
      return issue(
        editPath(e.index),
        `\`${e.type}\` strategy requires \`thinking\` to be enabled or adaptive`,
        null
      )
    // DOC (context editing, "Combining strategies"): clear_thinking first;
    // the wording is the API's (OBS, live probes published 2026-09).
    if (kind.goesFirst && x.assumptions.requireThinkingFirst && e.index !== 0)
      return issue(
        editPath(e.index),
        `context_management: \`${e.type}\` must be the first strategy in \`context_management.edits\` when provided`,
        null
      )
  }
  return null
}

/** The first edit a model without the capability rejects, and the compaction-alone rule. */
function modelSupport(x: CheckInput, edits: readonly NEdit[]) {
  const compact = edits.find((e) => EDIT_KINDS[e.type].needs === "compaction")
  if (compact && x.model.known && !x.model.compaction)
    return issue(
      editPath(compact.index),
      `'${x.modelId}' does not support the '${compact.type}' context management strategy.`,
      null
    )
  const clear = edits.find((e) => EDIT_KINDS[e.type].needs === "contextEditing")
  // Like compaction above: only a model the table knows is rejected; an
  // unknown id (even a Claude 2/3-era one) gets the warning below.
  if (
    clear &&
    x.model.known &&
    !x.model.contextEditing &&
    x.assumptions.rejectUnsupportedModelEdits
  )
    // ASSUMPTION (docs/semantics.md#errors): modelled on the compaction message above.
    return issue(
      editPath(clear.index),
      `'${x.modelId}' does not support the '${clear.type}' context management strategy.`,
      null
    )
  if (compact && clear && !x.assumptions.allowCompactionWithClearEdits)
    // ASSUMPTION (docs/semantics.md#compact-fields): combining is undocumented; this text is ours.
    return issue(
      editPath(compact.index),
      `\`${compact.type}\` cannot be combined with other context management strategies`,
      null
    )
  return null
}

/** Replayed compaction blocks without the kind that owns them (on-demand blocks need none). */
function ownerMissing(x: CheckInput, edits: readonly NEdit[]) {
  const owner = blockOwner("compaction")
  if (edits.some((e) => e.type === owner)) return null
  const needsEdit = x.analysis.compactionRecs.find(
    (i) => !isOnDemandBlock(x.analysis.recs[i]!.block)
  )
  if (needsEdit === undefined) return null
  const r = x.analysis.recs[needsEdit]!
  return issue(
    ["messages", r.mi, "content", r.bi],
    `\`compaction\` blocks require a \`${owner ?? "compaction"}\` strategy in \`context_management.edits\`.`
  )
}

/** Returns the first 400 the API would give for this edit combination. */
export function checkEdits(x: CheckInput): SimulateError | null {
  const edits = x.edits ?? []
  if (x.edits && edits.length === 0 && !x.assumptions.emptyEditsNoop)
    return issue(
      ["context_management", "edits"],
      "List should have at least 1 item after validation, not 0"
    )
  return (
    (x.assumptions.rejectDuplicateStrategies && duplicateEdit(edits)) ||
    placement(x, edits) ||
    modelSupport(x, edits) ||
    ownerMissing(x, edits)
  )
}

/** Warnings about edits that are valid but probably not what the user meant. */
export function editWarnings(x: CheckInput): SimulateWarning[] {
  const out: SimulateWarning[] = []
  const edits = x.edits ?? []
  if (x.edits && edits.length === 0)
    out.push({
      code: "empty_edits",
      message:
        "`context_management.edits` is empty, so nothing is edited (the response still has `applied_edits: []`).",
      path: ["context_management", "edits"],
    })
  const seen = new Set<string>()
  for (const e of edits) {
    if (seen.has(e.type))
      out.push({
        code: "duplicate_edit_type",
        message: `\`${e.type}\` appears more than once (the API rejects this; the switch "Reject duplicate strategies" is off): each copy runs on the result of the previous one.`,
        path: editPath(e.index),
      })
    seen.add(e.type)
  }
  for (const e of edits) {
    if (EDIT_KINDS[e.type].needs === "compaction") {
      if (!x.model.known)
        out.push({
          code: "compaction_support_unknown",
          message: `Unknown model '${x.modelId}': the simulator cannot tell whether it supports ${e.type}.`,
          path: editPath(e.index),
        })
    } else if (!x.model.contextEditing)
      out.push({
        code: "context_editing_unsupported",
        message: `'${x.modelId}' is not listed as supporting context editing; the API would probably reject \`${e.type}\`.`,
        path: editPath(e.index),
      })
    out.push(...(ruleFor(e.type).warnings?.(e, x) ?? []))
  }
  return out
}

/** The warnings each kind reads off its trace once the edits have run (e.g. the memory marker). */
export function afterRunWarnings(
  traces: readonly EditTrace[],
  edits: readonly NEdit[] | null,
  tools: readonly Record<string, unknown>[],
  assumptions: Assumptions
): SimulateWarning[] {
  const out: SimulateWarning[] = []
  for (const e of edits ?? []) {
    const after = ruleFor(e.type).afterRun
    if (!after) continue
    const trace = traces.find((t) => t.index === e.index)
    out.push(...after(e, trace, tools, assumptions))
  }
  return out
}
