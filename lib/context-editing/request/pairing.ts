/**
 * Pairs every tool use with its result and enforces the API's pairing rules
 * (docs/semantics.md#errors): client tool_use ↔ tool_result in the next
 * user turn, server and MCP results inside the same assistant turn, unique
 * ids, no orphan results.
 * Consecutive same-role messages form one group, as the API merges them.
 */
import type { Analysis, ToolPair } from "./analysis"
import { issue } from "./issues"
import type { SimulateError } from "../types"

function groups(roles: readonly string[]): Int32Array {
  const g = new Int32Array(roles.length)
  let cur = -1
  for (let i = 0; i < roles.length; i++) {
    if (i === 0 || roles[i] !== roles[i - 1]) cur++
    g[i] = cur
  }
  return g
}

function isErrorResult(block: Record<string, unknown>): boolean {
  if (block.is_error === true) return true
  const c = block.content
  // Server tool errors are typed content, e.g. {type: "web_search_tool_result_error"}.
  return (
    typeof c === "object" &&
    c !== null &&
    !Array.isArray(c) &&
    typeof (c as { type?: unknown }).type === "string" &&
    (c as { type: string }).type.endsWith("_error")
  )
}

// Pair indices by tool id: an open-addressing table of (index + 1) over the
// pairs, compared by id. A Map would allocate several times more while it
// grows to thousands of ids (and the first simulation of a large request is
// sensitive to garbage); the hash only picks a slot, equality decides.
let slots = new Int32Array(0)

function idHash(id: string): number {
  const n = id.length
  let h = n
  // Long ids: the first and last 64 characters are enough to spread them.
  const head = n <= 128 ? n : 64
  for (let i = 0; i < head; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x9e3779b1)
  for (let i = n <= 128 ? n : n - 64; i < n; i++)
    h = Math.imul(h ^ id.charCodeAt(i), 0x9e3779b1)
  return h ^ (h >>> 15)
}

/** Index of the pair with this id, or -1. */
function findPair(pairs: readonly ToolPair[], id: string): number {
  const mask = slots.length - 1
  for (let j = idHash(id) & mask; ; j = (j + 1) & mask) {
    const k = slots[j]! - 1
    if (k < 0 || pairs[k]!.id === id) return k
  }
}

/** Adds pair k under its id unless a pair has that id already (→ false). */
function addPair(pairs: readonly ToolPair[], id: string, k: number): boolean {
  const mask = slots.length - 1
  let j = idHash(id) & mask
  for (; slots[j] !== 0; j = (j + 1) & mask)
    if (pairs[slots[j]! - 1]!.id === id) return false
  slots[j] = k + 1
  return true
}

const pathOf = (r: { mi: number; bi: number }) => [
  "messages",
  r.mi,
  "content",
  r.bi,
]

/** The walk over the records: where pairing stands. */
interface PairingScan {
  a: Analysis
  /** Message group of each message (same-role runs merged). */
  group: Int32Array
  /**
   * Results usually come in the order of their uses: the pair after the
   * last matched one is tried first (a string comparison) before the id
   * table. Ids are unique among pairs, so a pair with the same id is
   * exactly the one the table would return.
   */
  next: number
  /** Runs of one tool name are common; the set already has the name then. */
  lastName: string | undefined
  /** The earliest (by message) error met so far. */
  error: { mi: number; error: SimulateError } | null
}

/** Keeps the error of the earliest message. */
function noteError(scan: PairingScan, mi: number, e: SimulateError): void {
  if (!scan.error || mi < scan.error.mi) scan.error = { mi, error: e }
}

/** Fills a.pairs / rec.pair / a.toolNames; returns the first pairing error. */
export function checkPairing(a: Analysis): SimulateError | null {
  // At most one pair per record: a table of twice that is never over half full.
  let size = 64
  while (size < 2 * a.recs.length) size *= 2
  slots = new Int32Array(size)
  const scan: PairingScan = {
    a,
    group: groups(a.messageRoles),
    next: 0,
    lastName: undefined,
    error: null,
  }
  for (let i = 0; i < a.recs.length; i++) {
    const kind = a.recs[i]!.kind
    if (kind === "tool_use") addUse(scan, i)
    else if (kind === "tool_result") addResult(scan, i)
  }
  return unansweredUseError(scan) ?? scan.error?.error ?? null
}

/** A tool use opens a pair, unless its id is taken. */
function addUse(scan: PairingScan, i: number): void {
  const a = scan.a
  const r = a.recs[i]!
  const id = r.block.id as string
  const p = a.pairs.length
  if (!addPair(a.pairs, id, p)) {
    noteError(scan, r.mi, issue(pathOf(r), "`tool_use` ids must be unique"))
    return
  }
  const name = r.block.name as string
  const pair: ToolPair = {
    use: i,
    result: -1,
    id,
    name,
    origin: r.origin!,
    isError: false,
  }
  r.pair = p
  a.pairs.push(pair)
  if (name !== scan.lastName) a.toolNames.add((scan.lastName = name))
}

/** A result closes its pair, when it is placed right and the first one. */
function addResult(scan: PairingScan, i: number): void {
  const a = scan.a
  const r = a.recs[i]!
  const id = r.block.tool_use_id as string
  const next = scan.next
  const guess = next < a.pairs.length ? a.pairs[next]! : undefined
  const found = guess && guess.id === id ? next : findPair(a.pairs, id)
  const pair = found < 0 ? undefined : a.pairs[found]
  const e = resultError(scan, r, pair, id)
  if (e) {
    noteError(scan, r.mi, e)
    return
  }
  pair!.result = i
  pair!.isError = isErrorResult(r.block)
  r.pair = found
  scan.next = found + 1
}

type Rec = Analysis["recs"][number]

/**
 * Why a result cannot close `pair`: a client result must answer a use in
 * the previous message group, a server or MCP result one in its own; a use
 * has a single result.
 */
function resultError(
  scan: PairingScan,
  r: Rec,
  pair: ToolPair | undefined,
  id: string
): SimulateError | null {
  const { a, group } = scan
  const useRec = pair ? a.recs[pair.use]! : undefined
  const placed =
    pair &&
    useRec &&
    pair.origin === r.origin &&
    (r.origin === "client"
      ? group[useRec.mi] === group[r.mi]! - 1
      : group[useRec.mi] === group[r.mi])
  if (!placed)
    return r.origin === "client"
      ? issue(
          pathOf(r),
          `unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`
        )
      : issue(
          pathOf(r),
          `unexpected \`tool_use_id\` found in \`${r.type}\` blocks: ${id}. Each \`${r.type}\` block must follow its \`${r.origin === "mcp" ? "mcp_tool_use" : "server_tool_use"}\` block in the same assistant message.`
        )
  if (pair!.result !== -1)
    return issue(
      pathOf(r),
      `each \`tool_use\` must have a single result. Found multiple \`${r.type}\` blocks with id: ${id}`
    )
  return null
}

/**
 * A client tool use left without a result before the last message group
 * (an unanswered final call is allowed and never touched), unless an
 * earlier message already has an error.
 */
function unansweredUseError(scan: PairingScan): SimulateError | null {
  const { a, group } = scan
  const resultError = scan.error
  const lastGroup = group.length > 0 ? group[group.length - 1]! : -1
  for (const pair of a.pairs) {
    if (pair.origin !== "client" || pair.result !== -1) continue
    const mi = a.recs[pair.use]!.mi
    if (group[mi] === lastGroup) continue
    if (resultError && resultError.mi < mi) break
    const ids = a.pairs
      .filter(
        (q) =>
          q.origin === "client" && q.result === -1 && a.recs[q.use]!.mi === mi
      )
      .map((q) => q.id)
    return issue(
      ["messages", mi],
      `\`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${ids.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`
    )
  }
  return null
}
