/**
 * What a valid `clear_tool_uses` edit may still get wrong: tool names no
 * tool has, the memory tool left clearable, and the memory tool's automatic
 * warning near the trigger (docs/semantics.md#memory-warning).
 */
import { approx, fmt } from "../../request/format"
import type { Assumptions, EditTrace, SimulateWarning } from "../../types"
import type { CheckInput } from "../edit-rule"
import type { NClearToolUses } from "./kind"

const editPath = (i: number) => ["context_management", "edits", i]

/** The Anthropic-defined memory tool (`memory_20250818` and later versions). */
const isMemoryType = (t: Record<string, unknown>) =>
  typeof t.type === "string" && t.type.startsWith("memory_")
/** That tool, or a custom tool named like it (for the exclude_tools advice). */
const isMemoryTool = (t: Record<string, unknown>) =>
  isMemoryType(t) || t.name === "memory"

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

/** Tool names no tool has, and the memory tool left clearable. */
export function clearToolUsesWarnings(
  e: NClearToolUses,
  x: CheckInput
): SimulateWarning[] {
  const out: SimulateWarning[] = []
  const known = new Set<string>(x.analysis.toolNames)
  for (const t of x.tools) if (typeof t.name === "string") known.add(t.name)
  unknownToolNames(out, known, e.index, "exclude_tools", e.exclude)
  if (Array.isArray(e.clearInputs))
    unknownToolNames(out, known, e.index, "clear_tool_inputs", e.clearInputs)
  const memory = x.tools.find(isMemoryTool)
  const memName =
    memory && typeof memory.name === "string" ? memory.name : "memory"
  if (memory && !e.exclude.includes(memName))
    out.push({
      code: "memory_not_excluded",
      message: `The memory tool is declared but not in exclude_tools; the docs recommend \`exclude_tools: ["${memName}"]\` so recent memory operations stay visible.`,
      path: editPath(e.index),
    })
  return out
}

/**
 * The marker for the memory tool's automatic warning (docs/semantics.md#memory-warning, DOC that it
 * exists; ASSUMPTION when): with a `memory_20250818` tool declared (the
 * spec's condition; a custom tool named "memory" gets no warning), an
 * input-token trigger the prompt the edit sees is over the switch's share
 * of. Its tokens are not counted (unknown, small).
 */
export function memoryMarker(
  e: NClearToolUses,
  trace: EditTrace | undefined,
  tools: readonly Record<string, unknown>[],
  assumptions: Assumptions
): SimulateWarning[] {
  const at = assumptions.memoryWarningAt
  if (at === "off" || !tools.some(isMemoryType)) return []
  if (e.trigger.type !== "input_tokens") return []
  const share = Number(at)
  const tokens = trace?.tokensBefore
  if (tokens === undefined || !(tokens > share * e.trigger.value)) return []
  return [
    {
      code: "memory_warning_expected",
      message: `${approx(tokens)} input tokens is ${tokens > e.trigger.value ? "past" : `over ${Math.round(share * 100)} % of`} the clearing trigger (${fmt(e.trigger.value)}) and the memory tool is declared: Claude would get an automatic warning so it can save progress to memory before tool results are cleared. Its text and timing are undocumented; this marker is an assumption and its tokens are not counted.`,
      path: editPath(e.index),
    },
  ]
}
