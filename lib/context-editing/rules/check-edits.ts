/**
 * Cross-field rules of context management (docs/semantics.md#clear-thinking-fields, docs/semantics.md#compact-fields, docs/semantics.md#errors) and the
 * warnings about suspicious but allowed configurations.
 */
import type { Analysis } from "../request/analyze"
import { approx, fmt } from "../request/format"
import { issue } from "../request/issues"
import { isOnDemandBlock } from "../request/on-demand"
import type { NEdit } from "./parse-edits"
import { type ThinkingMode, thinkingIsOn } from "../request/validate-request"
import type {
  Assumptions,
  EditTrace,
  ModelInfo,
  SimulateError,
  SimulateWarning,
} from "../types"

/** What the cross-field checks look at. */
export interface CheckInput {
  edits: NEdit[] | null
  thinking: ThinkingMode
  model: ModelInfo
  /** The model id as sent (errors quote it). */
  modelId: string
  analysis: Analysis
  tools: readonly Record<string, unknown>[]
  assumptions: Assumptions
}

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

/** Returns the first 400 the API would give for this edit combination. */
export function checkEdits(x: CheckInput): SimulateError | null {
  const edits = x.edits ?? []
  if (x.edits && edits.length === 0 && !x.assumptions.emptyEditsNoop)
    return issue(
      ["context_management", "edits"],
      "List should have at least 1 item after validation, not 0"
    )
  const dup = x.assumptions.rejectDuplicateStrategies && duplicateEdit(edits)
  if (dup) return dup
  for (const e of edits) {
    if (e.type !== "clear_thinking_20251015") continue
    if (!thinkingIsOn(x.thinking))
      return issue(
        editPath(e.index),
        "`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive",
        null
      )
    // DOC (context editing, "Combining strategies"): clear_thinking first;
    // the wording is the API's (OBS, live probes published 2026-09).
    if (x.assumptions.requireThinkingFirst && e.index !== 0)
      return issue(
        editPath(e.index),
        "context_management: `clear_thinking_20251015` must be the first strategy in `context_management.edits` when provided",
        null
      )
  }
  const compact = edits.find((e) => e.type === "compact_20260112")
  if (compact && x.model.known && !x.model.compaction)
    return issue(
      editPath(compact.index),
      `'${x.modelId}' does not support the 'compact_20260112' context management strategy.`,
      null
    )
  const clear = edits.find((e) => e.type !== "compact_20260112")
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
      "`compact_20260112` cannot be combined with other context management strategies",
      null
    )
  // On-demand blocks (with a signature) need no edit (on-demand.ts).
  const needsEdit = x.analysis.compactionRecs.find(
    (i) => !isOnDemandBlock(x.analysis.recs[i]!.block)
  )
  if (!compact && needsEdit !== undefined) {
    const r = x.analysis.recs[needsEdit]!
    return issue(
      ["messages", r.mi, "content", r.bi],
      "`compaction` blocks require a `compact_20260112` strategy in `context_management.edits`."
    )
  }
  return null
}

/** The Anthropic-defined memory tool (`memory_20250818` and later versions). */
const isMemoryType = (t: Record<string, unknown>) =>
  typeof t.type === "string" && t.type.startsWith("memory_")
/** That tool, or a custom tool named like it (for the exclude_tools advice). */
const isMemoryTool = (t: Record<string, unknown>) =>
  isMemoryType(t) || t.name === "memory"

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
  const known = new Set<string>(x.analysis.toolNames)
  for (const t of x.tools) if (typeof t.name === "string") known.add(t.name)
  const memory = x.tools.find(isMemoryTool)
  for (const e of edits) {
    if (e.type === "compact_20260112" && !x.model.known)
      out.push({
        code: "compaction_support_unknown",
        message: `Unknown model '${x.modelId}': the simulator cannot tell whether it supports compact_20260112.`,
        path: editPath(e.index),
      })
    if (e.type === "compact_20260112") continue
    if (!x.model.contextEditing)
      out.push({
        code: "context_editing_unsupported",
        message: `'${x.modelId}' is not listed as supporting context editing; the API would probably reject \`${e.type}\`.`,
        path: editPath(e.index),
      })
    if (e.type !== "clear_tool_uses_20250919") continue
    unknownToolNames(out, known, e.index, "exclude_tools", e.exclude)
    if (Array.isArray(e.clearInputs))
      unknownToolNames(out, known, e.index, "clear_tool_inputs", e.clearInputs)
    const memName =
      memory && typeof memory.name === "string" ? memory.name : "memory"
    if (memory && !e.exclude.includes(memName))
      out.push({
        code: "memory_not_excluded",
        message: `The memory tool is declared but not in exclude_tools; the docs recommend \`exclude_tools: ["${memName}"]\` so recent memory operations stay visible.`,
        path: editPath(e.index),
      })
  }
  return out
}

/** A warning for each name in an edit's tool-name list that no tool has. */
function unknownToolNames(
  out: SimulateWarning[],
  known: ReadonlySet<string>,
  index: number,
  field: "exclude_tools" | "clear_tool_inputs",
  names: readonly string[]
): void {
  names.forEach((name, k) => {
    if (!known.has(name))
      out.push({
        code: `${field}_unknown`,
        message: `${field} names \`${name}\`, which matches no tool definition or tool use in this request.`,
        path: [...editPath(index), field, k],
      })
  })
}

/**
 * Markers for the memory tool's automatic warning (docs/semantics.md#memory-warning, DOC that it
 * exists; ASSUMPTION when): with a `memory_20250818` tool declared (the
 * spec's condition; a custom tool named "memory" gets no warning), a clear_tool_uses
 * edit whose input-token trigger the prompt it sees is over the switch's
 * share of. Its tokens are not counted (unknown, small).
 */
export function memoryMarkers(
  traces: readonly EditTrace[],
  edits: readonly NEdit[] | null,
  tools: readonly Record<string, unknown>[],
  assumptions: Assumptions
): SimulateWarning[] {
  const at = assumptions.memoryWarningAt
  if (at === "off" || !edits || !tools.some(isMemoryType)) return []
  const share = Number(at)
  const out: SimulateWarning[] = []
  for (const e of edits) {
    if (e.type !== "clear_tool_uses_20250919") continue
    if (e.trigger.type !== "input_tokens") continue
    const tokens = traces.find((t) => t.index === e.index)?.tokensBefore
    if (tokens === undefined || !(tokens > share * e.trigger.value)) continue
    out.push({
      code: "memory_warning_expected",
      message: `${approx(tokens)} input tokens is ${tokens > e.trigger.value ? "past" : `over ${Math.round(share * 100)} % of`} the clearing trigger (${fmt(e.trigger.value)}) and the memory tool is declared: Claude would get an automatic warning so it can save progress to memory before tool results are cleared. Its text and timing are undocumented; this marker is an assumption and its tokens are not counted.`,
      path: editPath(e.index),
    })
  }
  return out
}
