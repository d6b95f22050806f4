import type { Entry } from "./lines"
import { isRecord, type Notes, plural } from "../notes"

/**
 * Which entries of a Claude Code transcript make up the conversation: the
 * main chain (or, in a subagent's file, its sidechain), followed back along
 * `parentUuid` from the last message, with parallel tool calls kept whole.
 */

export function isMessage(e: Entry): boolean {
  return (e.type === "user" || e.type === "assistant") && isRecord(e.message)
}

/** The API message an assistant entry belongs to (its own line if unnamed). */
function messageKey(e: Entry): string {
  return e.message?.id ?? `line ${e.line}`
}

const NONE: readonly string[] = []

/** The string `field` of every block of `type` (plain loops: runs per entry). */
function blockIds(e: Entry, type: string, field: string): readonly string[] {
  const content = e.message?.content
  if (!Array.isArray(content)) return NONE
  let ids: string[] | undefined
  for (const b of content) {
    if (!isRecord(b) || b.type !== type) continue
    const id = b[field]
    if (typeof id === "string") (ids ??= []).push(id)
  }
  return ids ?? NONE
}

function toolUseIds(e: Entry): readonly string[] {
  return e.type === "assistant" ? blockIds(e, "tool_use", "id") : NONE
}

/** The tool_use ids an entry answers; null unless it holds only tool results. */
function resultIds(e: Entry): readonly string[] | null {
  const content = e.message?.content
  if (e.type !== "user" || !Array.isArray(content)) return null
  const ids = blockIds(e, "tool_result", "tool_use_id")
  return ids.length > 0 && ids.length === content.length ? ids : null
}

/** Index of the last item whose `at` is below `limit` (items sorted by it). */
function lastBelow<T>(
  items: readonly T[],
  limit: number,
  at: (t: T) => number
) {
  let lo = 0
  let hi = items.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (at(items[mid]!) < limit) lo = mid + 1
    else hi = mid
  }
  return lo - 1
}

/** A compact boundary: where a compaction restarted the conversation. */
export function isBoundary(e: Entry): boolean {
  return e.type === "system" && e.subtype === "compact_boundary"
}

/** Counts of what the walk crossed, for the notes. */
interface Crossings {
  boundaries: number
}

/**
 * Follows `parentUuid` back from `leaf`; returns the path, oldest first.
 * A compact boundary (parentUuid null) continues at its
 * `logicalParentUuid`, so every segment of a compacted session is walked;
 * a parent missing from the file is bridged to the entry written before.
 */
function walk(
  leaf: Entry,
  byId: Map<string, Entry>,
  scope: Entry[],
  bad: readonly number[],
  notes: Notes
): Entry[] {
  const named = scope.filter((e) => e.uuid)
  const chain: Entry[] = []
  const visited = new Set<string>()
  const seen: Crossings = { boundaries: 0 }
  let current: Entry | undefined = leaf
  while (current) {
    chain.push(current)
    if (current.uuid) visited.add(current.uuid)
    let parent: string | null | undefined = current.parentUuid
    if (!parent && isBoundary(current)) {
      seen.boundaries++
      parent = current.logicalParentUuid
    }
    if (!parent || visited.has(parent)) break
    const next: Entry | undefined =
      byId.get(parent) ??
      acrossBadLine(current, named, bad, notes) ??
      bridgeGap(current, named, visited, notes)
    if (next && next.uuid && visited.has(next.uuid)) break
    current = next
  }
  if (seen.boundaries > 0)
    notes.info(
      `The session was compacted ${plural(seen.boundaries, "time")}: imported every segment, not only the last`
    )
  return chain.reverse()
}

/**
 * The entry to continue with when `from`'s parent is not in the file and
 * no unreadable line explains it: the latest entry written before `from`
 * that the walk has not passed (Claude Code logs have such gaps, e.g.
 * after a resume); none when `from` is the first (the chain starts there).
 */
function bridgeGap(
  from: Entry,
  scope: Entry[],
  visited: Set<string>,
  notes: Notes
): Entry | undefined {
  let i = lastBelow(scope, from.line, (e) => e.line)
  while (i >= 0 && visited.has(scope[i]!.uuid!)) i--
  const before = scope[i]
  if (!before) {
    notes.warn(
      `An entry's parent (line ${from.line}) is missing from the file; the chain starts there`
    )
    return undefined
  }
  notes.tally(
    "cc-gap",
    "warning",
    (n) =>
      `Bridged ${plural(n, "gap")} in the parent chain (first: the parent of the entry at line ${from.line} is not in the file; continued with the entry written before it, line ${before.line})`
  )
  return before
}

/**
 * The entry to continue with when `from`'s parent is missing: if a line
 * before it could not be read (the parent was probably on it), the entry
 * written just before that line; otherwise none (the chain starts there).
 */
function acrossBadLine(
  from: Entry,
  scope: Entry[],
  bad: readonly number[],
  notes: Notes
): Entry | undefined {
  const b = bad[lastBelow(bad, from.line, (n) => n)]
  const before =
    b === undefined ? undefined : scope[lastBelow(scope, b, (e) => e.line)]
  if (!before) return undefined
  notes.tally(
    "cc-bad-parent",
    "warning",
    (n) =>
      `${plural(n, "entry", "entries")} lost ${n === 1 ? "its" : "their"} parent to an unreadable line (first: the entry at line ${from.line}, after unreadable line ${b}); the chain continues with the entry written before that line (line ${before.line}), so only what was on the unreadable line is lost`
  )
  return before
}

/**
 * Claude Code writes one entry per content block of an assistant message
 * (same `message.id`), chained one after the other, and parents each tool
 * result to the entry of its own tool_use: with parallel calls, every call
 * but the last (and its result) sits on a side branch of the walked path.
 * Puts those back, each message's calls first and its results after them.
 */
function keepParallelCalls(chain: Entry[], scope: Entry[]) {
  const onChain = new Set(chain)
  const messageIds = new Set<string>()
  const uses = new Map<string, string>() // tool_use id → message key
  const answered = new Set<string>()
  for (const e of chain) {
    if (e.type === "assistant" && e.message?.id) messageIds.add(e.message.id)
    for (const use of toolUseIds(e)) uses.set(use, messageKey(e))
    for (const r of resultIds(e) ?? []) answered.add(r)
  }
  const kept: Entry[] = []
  for (const e of scope) {
    const id = e.message?.id
    if (onChain.has(e) || !id || !messageIds.has(id)) continue
    const calls = toolUseIds(e)
    if (calls.length === 0 || calls.some((c) => uses.has(c))) continue
    for (const c of calls) uses.set(c, id)
    kept.push(e)
  }
  for (const e of scope) {
    const ids = onChain.has(e) || !isMessage(e) ? null : resultIds(e)
    if (!ids?.every((r) => uses.has(r) && !answered.has(r))) continue
    for (const r of ids) answered.add(r)
    kept.push(e)
  }
  if (kept.length === 0) return { chain, kept: 0 }

  const unitOf = (e: Entry): string | undefined => {
    if (toolUseIds(e).length > 0) return messageKey(e)
    const first = resultIds(e)?.[0]
    return first === undefined ? undefined : uses.get(first)
  }
  const regrouped = new Set(kept.map(unitOf))
  const units = new Map<string, Entry[]>()
  for (const e of [...chain, ...kept]) {
    const unit = unitOf(e)
    if (unit && regrouped.has(unit))
      units.set(unit, [...(units.get(unit) ?? []), e])
  }
  const out: Entry[] = []
  for (const e of chain) {
    const unit = unitOf(e)
    const members = unit === undefined ? undefined : units.get(unit)
    if (!members) {
      out.push(e)
      continue
    }
    if (members.length === 0) continue // already placed
    const byLine = members.sort((a, b) => a.line - b.line)
    out.push(...byLine.filter((m) => m.type === "assistant"))
    out.push(...byLine.filter((m) => m.type !== "assistant"))
    units.set(unit!, [])
  }
  return { chain: out, kept: kept.length }
}

/**
 * The conversation's entries, oldest first: its messages and the compact
 * boundaries between its segments. `scope`: the thread's entries.
 */
export function conversationChain(
  entries: Entry[],
  scope: Entry[],
  bad: readonly number[],
  notes: Notes
): Entry[] {
  const messages = scope.filter(isMessage)
  const leaf = messages.at(-1)
  if (!leaf) return []
  if (!entries.some((e) => typeof e.uuid === "string")) return messages
  const byId = new Map<string, Entry>()
  for (const e of entries) if (e.uuid) byId.set(e.uuid, e)
  const path = walk(leaf, byId, scope, bad, notes)
  const { chain, kept } = keepParallelCalls(path, scope)
  if (kept > 0)
    notes.info(
      `Kept ${plural(kept, "entry", "entries")} of parallel tool calls that Claude Code records on side branches (their calls and results belong to the conversation)`
    )
  const result = chain.filter((e) => isMessage(e) || isBoundary(e))
  const offChain = messages.length - result.filter(isMessage).length
  if (offChain > 0)
    notes.info(
      `Dropped ${plural(offChain, "entry", "entries")} from abandoned branches (edits or retries)`
    )
  return result
}
