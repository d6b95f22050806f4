/**
 * On-demand compaction (docs/semantics.md#on-demand-compaction, DOC S-CMPOD; beta `compact-2026-09-04`):
 * a request-level `compaction: {"type": "summarize"}` asks for a summary
 * now, and the response is a single `compaction` block carrying a
 * `signature`. That block must then be sent first in `messages`, in place of
 * the messages it summarises. It is not a `context_management` edit.
 *
 * Only the misplaced-block message was observed live; the other messages
 * below are ours (ASSUMPTION), in the API's style, and say what is wrong.
 */
import type { Analysis } from "./analyze"
import { isObj, issue, MSG } from "./issues"
import { isBedrockId } from "./models"
import type { ReplayInfo } from "./analysis"
import type { CompactionInfo, ModelInfo, SimulateError } from "../types"

/** A compaction block returned by on-demand compaction (it carries a `signature`). */
export const isOnDemandBlock = (block: Record<string, unknown>): boolean =>
  typeof block.signature === "string"

/** Observed live (docs/semantics.md#on-demand-compaction), with the code `compaction_block_misplaced`. */
export const MISPLACED =
  "`compaction` block must be sent first, in place of the messages it summarizes; remove those messages"

const TOOL_USES = new Set(["tool_use", "server_tool_use", "mcp_tool_use"])

/** Whether the request asks for on-demand compaction (a `compaction` field). */
export const asksOnDemand = (body: Record<string, unknown>): boolean =>
  body.compaction !== undefined && body.compaction !== null

/** The first 400 the on-demand rules give, or null. */
export function checkOnDemand(
  body: Record<string, unknown>,
  a: Analysis,
  model: ModelInfo,
  modelId: string
): SimulateError | null {
  for (const i of a.compactionRecs) {
    const r = a.recs[i]!
    if (isOnDemandBlock(r.block) && (r.mi !== 0 || r.bi !== 0))
      return {
        ...issue(["messages", r.mi, "content", r.bi], MISPLACED, null),
        code: "compaction_block_misplaced",
      }
  }
  if (!asksOnDemand(body)) return null
  const c = body.compaction
  if (!isObj(c)) return issue(["compaction"], MSG.object)
  if (c.type !== "summarize")
    return issue(
      ["compaction", "type"],
      c.type === undefined ? MSG.required : "Input should be 'summarize'"
    )
  const own = "cannot be used with on-demand compaction (`compaction`)"
  if (body.context_management !== undefined && body.context_management !== null)
    return issue(["context_management"], own, ["context_management"])
  if ((model.known && !model.onDemandCompaction) || isBedrockId(modelId))
    return issue(
      ["compaction"],
      // DOC S-CMPOD: "not on Bedrock", whatever the model.
      `'${modelId}' does not support on-demand compaction${isBedrockId(modelId) ? " on Amazon Bedrock" : ""}.`,
      null
    )
  if (body.stop_sequences !== undefined && body.stop_sequences !== null)
    return issue(["stop_sequences"], own)
  const oc = body.output_config
  if (isObj(oc) && oc.format !== undefined && oc.format !== null)
    return issue(["output_config", "format"], own)
  const tc = body.tool_choice
  if (isObj(tc) && (tc.type === "any" || tc.type === "tool"))
    return issue(
      ["tool_choice"],
      `tool_choice of type '${String(tc.type)}' ${own}`,
      null
    )
  const last = a.recs.at(-1)
  if (
    last &&
    last.role === "assistant" &&
    a.messageRoles.length - 1 === last.mi &&
    TOOL_USES.has(last.type)
  )
    return issue(
      ["messages", last.mi, "content", last.bi],
      `a final assistant turn that ends in an unanswered \`${last.type}\` ${own}`
    )
  return null
}

/** The prediction for a valid on-demand request: a summary now, and no reply. */
export function onDemandInfo(
  tokens: number,
  replay: ReplayInfo
): CompactionInfo {
  return {
    editIndex: null,
    fires: true,
    onDemand: true,
    trigger: 0,
    tokensAtCheck: tokens,
    pauseAfterCompaction: false,
    predictedStopReason: "compaction",
    ...replay,
    instructions: null,
  }
}
