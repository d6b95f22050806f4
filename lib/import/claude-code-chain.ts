import type { Entry } from "./claude-code-lines"
import { isRecord, type Notes, plural } from "./notes"

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

/**
 * The entries of the conversation to import: the main chain's or, when
 * there is none, a subagent's sidechain.
 */
function pickScope(entries: Entry[], notes: Notes): Entry[] {
  const main = entries.filter((e) => e.isSidechain !== true)
  const side = entries.filter((e) => e.isSidechain === true)
  const sideMessages = side.filter(isMessage).length
  if (main.some(isMessage) || sideMessages === 0) {
    if (sideMessages > 0)
      notes.info(
        `Dropped ${plural(sideMessages, "sidechain entry", "sidechain entries")} (subagent conversations)`
      )
    return main
  }
  notes.info(
    "Every entry is on a sidechain (this is a subagent's transcript): imported the subagent's conversation"
  )
  const agent = side.filter(isMessage).at(-1)!.agentId
  if (typeof agent !== "string") return side
  const scope = side.filter(
    (e) => e.agentId === undefined || e.agentId === agent
  )
  const others = sideMessages - scope.filter(isMessage).length
  if (others > 0)
    notes.info(
      `Dropped ${plural(others, "entry", "entries")} of other subagents (kept agent ${agent}, the last one)`
    )
  return scope
}

/** Follows `parentUuid` back from `leaf`; returns the path, oldest first. */
function walk(
  leaf: Entry,
  entries: Entry[],
  scope: Entry[],
  bad: readonly number[],
  notes: Notes
): Entry[] {
  const byId = new Map<string, Entry>()
  for (const e of entries) if (e.uuid) byId.set(e.uuid, e)
  const named = scope.filter((e) => e.uuid)
  const chain: Entry[] = []
  const visited = new Set<string>()
  let current: Entry | undefined = leaf
  while (current) {
    chain.push(current)
    if (current.uuid) visited.add(current.uuid)
    const parent: string | null | undefined = current.parentUuid
    if (!parent) {
      if (current.type === "system" && current.subtype === "compact_boundary")
        notes.info(
          "The session was compacted: only the messages after the last compact boundary are imported"
        )
      break
    }
    if (visited.has(parent)) break
    const next: Entry | undefined =
      byId.get(parent) ?? acrossBadLine(current, named, bad, notes)
    if (next && next.uuid && visited.has(next.uuid)) break
    current = next
  }
  return chain.reverse()
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
  if (!before) {
    notes.warn(
      `An entry's parent (line ${from.line}) is missing from the file${b === undefined ? "" : ` (probably on unreadable line ${b})`}; the chain starts there`
    )
    return undefined
  }
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

/** The conversation's entries, oldest first (messages only). */
export function conversationChain(
  entries: Entry[],
  bad: readonly number[],
  notes: Notes
): Entry[] {
  const scope = pickScope(entries, notes)
  const messages = scope.filter(isMessage)
  const leaf = messages.at(-1)
  if (!leaf) return []
  if (!entries.some((e) => typeof e.uuid === "string")) return messages
  const path = walk(leaf, entries, scope, bad, notes)
  const { chain, kept } = keepParallelCalls(path, scope)
  if (kept > 0)
    notes.info(
      `Kept ${plural(kept, "entry", "entries")} of parallel tool calls that Claude Code records on side branches (their calls and results belong to the conversation)`
    )
  const result = chain.filter(isMessage)
  const offChain = messages.length - result.length
  if (offChain > 0)
    notes.info(
      `Dropped ${plural(offChain, "entry", "entries")} from abandoned branches (edits or retries)`
    )
  return result
}
