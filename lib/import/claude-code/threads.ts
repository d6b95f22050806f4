import { type Notes, plural } from "../notes"
import type { ImportCandidate } from "../types"
import { isMessage } from "./chain"
import type { Entry } from "./lines"

/**
 * The threads of a Claude Code log: the main conversation and each
 * subagent's (sidechain) conversation, every one importable as its own
 * session. Subagents are told apart by `agentId`; an older log without it
 * by the root each sidechain entry descends from.
 */

/** One conversation of the log. */
export interface Thread {
  id: string
  kind: "main-thread" | "sidechain"
  entries: Entry[]
  messages: number
}

const MAIN = "main"

/** The key of a sidechain entry's thread (one pass, entries in file order). */
function sidechainKeys(side: Entry[]): string[] {
  const rootOf = new Map<string, string>()
  return side.map((e) => {
    if (typeof e.agentId === "string") return `agent-${e.agentId}`
    const parent = e.parentUuid ? rootOf.get(e.parentUuid) : undefined
    const key = parent ?? `sidechain-line-${e.line}`
    if (e.uuid) rootOf.set(e.uuid, key)
    return key
  })
}

/** Every thread with at least one message; the main one first. */
export function listThreads(entries: Entry[]): Thread[] {
  const main = entries.filter((e) => e.isSidechain !== true)
  const side = entries.filter((e) => e.isSidechain === true)
  const groups = new Map<string, Entry[]>()
  const keys = sidechainKeys(side)
  side.forEach((e, i) => {
    const key = keys[i]!
    const group = groups.get(key)
    if (group) group.push(e)
    else groups.set(key, [e])
  })
  const count = (list: Entry[]) => list.filter(isMessage).length
  const threads: Thread[] = [
    { id: MAIN, kind: "main-thread", entries: main, messages: count(main) },
  ]
  for (const [id, list] of groups)
    threads.push({
      id,
      kind: "sidechain",
      entries: list,
      messages: count(list),
    })
  return threads.filter((t) => t.messages > 0)
}

/** The first words a thread's user said, for its label. */
function opening(thread: Thread): string {
  const first = thread.entries.find((e) => e.type === "user" && isMessage(e))
  const content = first?.message?.content
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? String(
            (content.find((b) => b?.type === "text") as { text?: unknown })
              ?.text ?? ""
          )
        : ""
  const line = text.replace(/\s+/g, " ").trim()
  return line.length > 60 ? `${line.slice(0, 59)}…` : line
}

/** The threads as picker candidates. */
export function threadCandidates(
  threads: Thread[],
  chosen: Thread
): ImportCandidate[] {
  return threads.map((t) => {
    const words = opening(t)
    const name =
      t.kind === "main-thread"
        ? "Main thread"
        : t.id.startsWith("agent-")
          ? `Subagent ${t.id.slice(6)}`
          : `Subagent (from line ${t.entries[0]!.line})`
    return {
      id: t.id,
      kind: t.kind,
      label: `${name}${words ? `: “${words}”` : ""} (${plural(t.messages, "entry", "entries")})`,
      selected: t === chosen,
    }
  })
}

/**
 * The thread to import: the one picked, else the main thread, else (a
 * subagent's own file) the last subagent's.
 */
export function chooseThread(
  threads: Thread[],
  pick: string | undefined,
  notes: Notes
): Thread | undefined {
  const picked = threads.find((t) => t.id === pick)
  const main = threads.find((t) => t.kind === "main-thread")
  const sides = threads.filter((t) => t.kind === "sidechain")
  const sideMessages = sides.reduce((n, t) => n + t.messages, 0)
  const lastLine = (t: Thread) => t.entries.filter(isMessage).at(-1)!.line
  const latest = sides.reduce<Thread | undefined>(
    (best, t) => (best && lastLine(best) > lastLine(t) ? best : t),
    undefined
  )
  const chosen = picked ?? main ?? latest
  if (!chosen) return undefined
  if (chosen.kind === "main-thread") {
    if (sideMessages > 0)
      notes.info(
        `Dropped ${plural(sideMessages, "sidechain entry", "sidechain entries")} (subagent conversations: ${plural(sides.length, "subagent")}, each importable on its own from the picker)`
      )
    return chosen
  }
  if (main)
    notes.info(
      `Imported the conversation of subagent ${chosen.id} (a sidechain)`
    )
  else
    notes.info(
      "Every entry is on a sidechain (this is a subagent's transcript): imported the subagent's conversation"
    )
  const others = sideMessages - chosen.messages
  if (others > 0 && !main)
    notes.info(
      `Dropped ${plural(others, "entry", "entries")} of other subagents (kept agent ${chosen.id.replace(/^agent-/, "")}${picked ? "" : ", the last one"})`
    )
  return chosen
}
