/**
 * The API's rules for thinking blocks at the end of a request (docs/semantics.md#errors,
 * "related, not context-management-specific"; the messages are the ones
 * users report verbatim from the API):
 *
 * - thinking `enabled` and the request continues a tool loop (it ends with
 *   tool results): the assistant message that made those calls must start
 *   with a thinking or redacted_thinking block;
 * - thinking off: an assistant message in the final position (a prefill)
 *   cannot contain thinking.
 */
import type { Analysis } from "./analyze"
import { issue } from "./issues"
import type { SimulateError } from "../types"
import { type ThinkingMode, thinkingIsOn } from "./validate-request"

const DOCS =
  "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"

const isThinking = (kind: string) =>
  kind === "thinking" || kind === "redacted_thinking"

/** Whether message mi holds only client tool results (and at least one). */
function onlyResults(a: Analysis, mi: number): boolean {
  const from = a.msgStart[mi]!
  const to = a.msgStart[mi + 1]!
  if (from === to) return false
  for (let i = from; i < to; i++) {
    const r = a.recs[i]!
    if (r.kind !== "tool_result" || r.origin !== "client") return false
  }
  return true
}

/**
 * The first 400 of these rules, or null, for the request made of messages
 * 0..`last` (by default all of them; the session engine asks for each of
 * its requests' ends).
 */
export function checkThinkingContinuation(
  thinking: ThinkingMode,
  a: Analysis,
  last = a.messageRoles.length - 1
): SimulateError | null {
  const roles = a.messageRoles
  if (last < 0) return null
  if (!thinkingIsOn(thinking)) {
    if (roles[last] !== "assistant") return null
    for (let i = a.msgStart[last]!; i < a.msgStart[last + 1]!; i++)
      if (isThinking(a.recs[i]!.kind))
        return issue(
          ["messages", last, "content", a.recs[i]!.bi],
          "When thinking is disabled, an `assistant` message in the final position cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request."
        )
    return null
  }
  // Adaptive thinking may skip thinking on a turn: only `enabled` requires it.
  if (thinking !== "enabled" || roles[last] !== "user") return null
  // The tool results the request ends with (split messages merge)…
  let m = last
  while (m >= 0 && roles[m] === "user" && onlyResults(a, m)) m--
  if (m === last || m < 0 || roles[m] !== "assistant") return null
  // …answer this run of assistant messages, which merge into one.
  while (m > 0 && roles[m - 1] === "assistant") m--
  const first = a.recs[a.msgStart[m]!]
  if (!first || first.ignored || isThinking(first.kind)) return null
  return issue(
    ["messages", m, "content", first.bi, "type"],
    `Expected \`thinking\` or \`redacted_thinking\`, but found \`${first.type}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at ${DOCS}`
  )
}
