/**
 * One pass over `messages`: validates every block, flattens blocks into
 * records, pairs tool uses with results, finds replayed compaction blocks and
 * builds the turn model. The result depends only on the messages array, so it
 * is cached by array identity (inputs are treated as immutable: change a
 * conversation by building new arrays/objects, as the UI store does).
 */
import type { Analysis, BlockRec } from "./analysis"
import type { MessageRole } from "./block-rules"
import { checkBlock, classify } from "./block-rules"
import { isObj, issue, MSG } from "./issues"
import { checkPairing } from "./pairing"
import { buildTurns } from "./turns"
import type { SimulateError } from "../types"

export type { Analysis, BlockRec, ToolPair } from "./analysis"

/**
 * Record indices of each pair's use and result (-1 when unanswered) as
 * columns, for loops over thousands of pairs (built once per analysis).
 */
export function pairColumns(a: Analysis): {
  use: Int32Array
  result: Int32Array
} {
  if (a.pairColumns) return a.pairColumns
  const n = a.pairs.length
  const use = new Int32Array(n)
  const result = new Int32Array(n)
  for (let k = 0; k < n; k++) {
    const p = a.pairs[k]!
    use[k] = p.use
    result[k] = p.result
  }
  return (a.pairColumns = { use, result })
}

const cache = new WeakMap<object, Analysis>()

function empty(error: SimulateError | null): Analysis {
  return {
    recs: [],
    msgStart: new Int32Array(1),
    messageIsString: [],
    messageRoles: [],
    hiddenSystemMessages: [],
    pairs: [],
    turns: [],
    compactionRecs: [],
    lastCompaction: -1,
    toolNames: new Set(),
    error,
    warnings: [],
    hasThinkingBlock: false,
    hasAnyThinking: false,
    tokenCache: new WeakMap(),
  }
}

const NON_EMPTY =
  "all messages must have non-empty content except for the optional final assistant message"

// Error paths are only built when something is wrong (hot loop).
const msgPath = (mi: number): (string | number)[] => ["messages", mi]

/** What collect builds and notes while it walks the messages. */
interface Collecting {
  a: Analysis
  /** Records so far. */
  n: number
  // Noted while the records are built, instead of in later passes over them.
  compactions: number[]
  thinking: boolean
  redacted: boolean
  /** System messages shown only until the next user message. */
  hiddenFrom: number[]
}

/** Builds a.recs and the per-message columns; returns the first error. */
function collect(messages: unknown[], a: Analysis): SimulateError | null {
  const start = (a.msgStart = new Int32Array(messages.length + 1))
  // Records are pushed (no pre-pass over the messages for their count).
  a.recs = []
  a.messageIsString = new Array(messages.length)
  a.messageRoles = new Array(messages.length)
  const c: Collecting = {
    a,
    n: 0,
    compactions: [],
    thinking: false,
    redacted: false,
    hiddenFrom: [],
  }
  const last = messages.length - 1
  for (let mi = 0; mi < messages.length; mi++) {
    start[mi] = c.n
    const error = collectMessage(c, messages[mi], mi, mi === last)
    if (error) return error
  }
  start[messages.length] = c.n
  for (const mi of c.hiddenFrom) {
    const hiddenBy = a.messageRoles.indexOf("user", mi + 1)
    if (hiddenBy >= 0) a.hiddenSystemMessages.push({ message: mi, hiddenBy })
  }
  a.compactionRecs = c.compactions
  a.hasThinkingBlock = c.thinking
  a.hasAnyThinking = c.thinking || c.redacted
  return null
}

/** The message is an object with a known role (else the error). */
function roleError(m: unknown, mi: number): SimulateError | null {
  if (!isObj(m)) return issue(msgPath(mi), MSG.object)
  if (m.role === undefined) return issue([...msgPath(mi), "role"], MSG.required)
  if (m.role !== "user" && m.role !== "assistant" && m.role !== "system")
    return issue(
      [...msgPath(mi), "role"],
      "Input should be 'user', 'assistant' or 'system'"
    )
  return null
}

/** One message: its role, its own fields, then its content. */
function collectMessage(
  c: Collecting,
  m: unknown,
  mi: number,
  isLast: boolean
): SimulateError | null {
  const error = roleError(m, mi)
  if (error) return error
  const msg = m as Record<string, unknown>
  const role = msg.role as MessageRole
  const content = msg.content
  if (role === "system") {
    const systemError = checkSystemMessage(msg, mi)
    if (systemError) return systemError
    if (msg.clear_at === "next_user_message") c.hiddenFrom.push(mi)
    if (content === undefined) {
      // Only output_config (checked above): a message without blocks.
      c.a.messageRoles[mi] = role
      c.a.messageIsString[mi] = false
      return null
    }
  }
  if (content === undefined)
    return issue([...msgPath(mi), "content"], MSG.required)
  c.a.messageIsString[mi] = typeof content === "string"
  c.a.messageRoles[mi] = role
  // Only the final assistant message may be empty (a prefill).
  const emptyAllowed = isLast && role === "assistant"
  return typeof content === "string"
    ? collectText(c, content, mi, role, emptyAllowed)
    : collectBlocks(c, content, mi, role, emptyAllowed)
}

/** String content: one text record (none when empty and allowed). */
function collectText(
  c: Collecting,
  content: string,
  mi: number,
  role: MessageRole,
  emptyAllowed: boolean
): SimulateError | null {
  if (content.length === 0 && !emptyAllowed)
    return issue(msgPath(mi), NON_EMPTY)
  if (content.length === 0) return null
  c.a.recs.push(rec(mi, 0, role, { type: "text", text: content }))
  c.n++
  return null
}

/** A list of blocks: each checked, then recorded. */
function collectBlocks(
  c: Collecting,
  content: unknown,
  mi: number,
  role: MessageRole,
  emptyAllowed: boolean
): SimulateError | null {
  if (!Array.isArray(content))
    return issue(
      [...msgPath(mi), "content"],
      "Input should be a valid string or a list of content blocks"
    )
  if (content.length === 0 && !emptyAllowed)
    return issue(msgPath(mi), NON_EMPTY)
  const { recs, warnings } = c.a
  for (let bi = 0; bi < content.length; bi++) {
    const b: unknown = content[bi]
    const error = checkBlock(b, role, mi, bi, warnings)
    if (error) return error
    const r = rec(mi, bi, role, b as Record<string, unknown>)
    const kind = r.kind
    if (kind === "compaction") c.compactions.push(c.n)
    else if (kind === "thinking") c.thinking = true
    else if (kind === "redacted_thinking") c.redacted = true
    recs.push(r)
    c.n++
  }
  return null
}

/** A mid-conversation system message's own fields (SDK BetaSystemMessageParam). */
function checkSystemMessage(
  m: Record<string, unknown>,
  mi: number
): SimulateError | null {
  const at = m.clear_at
  if (
    at !== undefined &&
    at !== null &&
    at !== "next_user_message" &&
    at !== "never"
  )
    return issue(
      [...msgPath(mi), "clear_at"],
      "Input should be 'next_user_message' or 'never'"
    )
  const oc = m.output_config
  if (oc !== undefined && oc !== null && !isObj(oc))
    return issue([...msgPath(mi), "output_config"], MSG.object)
  if (m.content === undefined && !isObj(oc))
    return issue(msgPath(mi), "a system message needs content or output_config")
  return null
}

function rec(
  mi: number,
  bi: number,
  role: MessageRole,
  block: Record<string, unknown>
): BlockRec {
  const type = block.type as string
  const { kind, origin } = classify(type)
  return {
    mi,
    bi,
    role,
    type,
    kind,
    origin,
    block,
    ignored: false,
    turn: -1,
    pair: -1,
  }
}

/**
 * The replay point is the last compaction block that holds a summary: one
 * with `content: null` (or none) is a failed compaction, which round-trips
 * as a no-op (DOC, docs/semantics.md#failed-compaction).
 */
export const isFailedCompaction = (block: Record<string, unknown>): boolean =>
  block.content === null || block.content === undefined

function markCompaction(a: Analysis): void {
  a.lastCompaction = -1
  for (let k = a.compactionRecs.length - 1; k >= 0; k--) {
    const i = a.compactionRecs[k]!
    if (!isFailedCompaction(a.recs[i]!.block)) {
      a.lastCompaction = i
      break
    }
  }
  for (let i = 0; i < a.lastCompaction; i++) a.recs[i]!.ignored = true
}

/** Analyses (or returns the cached analysis of) a messages value. */
export function analyzeMessages(messages: unknown): Analysis {
  if (!Array.isArray(messages)) return empty(issue(["messages"], MSG.list))
  const hit = cache.get(messages)
  if (hit) return hit
  const a = empty(null)
  if (messages.length === 0)
    a.error = issue(
      ["messages"],
      "List should have at least 1 item after validation, not 0"
    )
  else a.error = collect(messages, a) ?? checkPairing(a)
  if (!a.error) {
    markCompaction(a)
    a.turns = buildTurns(a)
  }
  cache.set(messages, a)
  return a
}
