/**
 * Pairs every tool use with its result and enforces the API's pairing rules
 * (spec §4): client tool_use ↔ tool_result in the next user turn, server and
 * MCP results inside the same assistant turn, unique ids, no orphan results.
 * Consecutive same-role messages form one group, as the API merges them.
 */
import type { Analysis, ToolPair } from "./analyze"
import { issue } from "./issues"
import type { SimulateError } from "./types"

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

/** Fills a.pairs / rec.pair / a.toolNames; returns the first pairing error. */
export function checkPairing(a: Analysis): SimulateError | null {
  const group = groups(a.messageRoles)
  // At most one pair per record: a table of twice that is never over half full.
  let size = 64
  while (size < 2 * a.recs.length) size *= 2
  slots = new Int32Array(size)
  let resultError: { mi: number; error: SimulateError } | null = null
  // Results usually come in the order of their uses: the pair after the
  // last matched one is tried first (a string comparison) before the id
  // table. Ids are unique among pairs, so a pair with the same id is exactly
  // the one the table would return.
  let next = 0
  // Runs of one tool name are common; the set already has the name then.
  let lastName: string | undefined
  for (let i = 0; i < a.recs.length; i++) {
    const r = a.recs[i]!
    const kind = r.kind
    if (kind === "tool_use") {
      const id = r.block.id as string
      const p = a.pairs.length
      if (!addPair(a.pairs, id, p)) {
        const e = issue(pathOf(r), "`tool_use` ids must be unique")
        if (!resultError || r.mi < resultError.mi)
          resultError = { mi: r.mi, error: e }
        continue
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
      if (name !== lastName) a.toolNames.add((lastName = name))
    } else if (kind === "tool_result") {
      const id = r.block.tool_use_id as string
      const guess = next < a.pairs.length ? a.pairs[next]! : undefined
      const found = guess && guess.id === id ? next : findPair(a.pairs, id)
      const p = found < 0 ? undefined : found
      const pair = p === undefined ? undefined : a.pairs[p]
      const useRec = pair ? a.recs[pair.use]! : undefined
      const placed =
        pair &&
        useRec &&
        pair.origin === r.origin &&
        (r.origin === "client"
          ? group[useRec.mi] === group[r.mi]! - 1
          : group[useRec.mi] === group[r.mi])
      let e: SimulateError | null = null
      if (!placed)
        e =
          r.origin === "client"
            ? issue(
                pathOf(r),
                `unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`
              )
            : issue(
                pathOf(r),
                `unexpected \`tool_use_id\` found in \`${r.type}\` blocks: ${id}. Each \`${r.type}\` block must follow its \`${r.origin === "mcp" ? "mcp_tool_use" : "server_tool_use"}\` block in the same assistant message.`
              )
      else if (pair!.result !== -1)
        e = issue(
          pathOf(r),
          `each \`tool_use\` must have a single result. Found multiple \`${r.type}\` blocks with id: ${id}`
        )
      if (e) {
        if (!resultError || r.mi < resultError.mi)
          resultError = { mi: r.mi, error: e }
        continue
      }
      pair!.result = i
      pair!.isError = isErrorResult(r.block)
      r.pair = p!
      next = p! + 1
    }
  }
  const lastGroup = group.length > 0 ? group[group.length - 1]! : -1
  for (const pair of a.pairs) {
    if (pair.origin !== "client" || pair.result !== -1) continue
    const mi = a.recs[pair.use]!.mi
    if (group[mi] === lastGroup) continue // unanswered final call: allowed, never touched
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
  return resultError?.error ?? null
}
