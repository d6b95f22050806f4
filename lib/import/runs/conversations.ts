import type { MessageParam } from "../types"
import { messageKey } from "./canonical"

/**
 * Which conversation each call of a run belongs to, read from the requests
 * alone: a call whose messages begin with a conversation's latest request
 * (and usually that call's answer) continues it; a call that sends exactly
 * that request again is a repeat (a retry); any other call starts a
 * conversation of its own (a subagent, a side call, a new run). Linear in
 * the total size of the messages: every message is keyed once and every
 * prefix is a node of one trie of message ids.
 */

/** One call's place: its conversation, and whether it repeats the call before it. */
export interface Placement {
  thread: number
  repeat: boolean
}

/** Interns message keys and prefixes (a trie of integer ids). */
class PrefixTrie {
  private readonly keys = new Map<string, number>()
  private readonly nodes = new Map<string, number>()

  /** The prefix ids of `messages`: ids[k] names messages[0..k]. */
  prefixes(messages: readonly MessageParam[]): number[] {
    const out: number[] = []
    let node = 0
    for (const m of messages) {
      const key = messageKey(m)
      let k = this.keys.get(key)
      if (k === undefined) this.keys.set(key, (k = this.keys.size))
      const edge = `${node}:${k}`
      let next = this.nodes.get(edge)
      if (next === undefined) this.nodes.set(edge, (next = this.nodes.size + 1))
      out.push((node = next))
    }
    return out
  }
}

/** A conversation's latest request, and that request followed by its answer. */
interface Tip {
  request: number
  answered: number | null
}

/**
 * Places each call (its normalised request messages and answer) in a
 * conversation; calls without messages get thread -1.
 */
export function placeCalls(
  calls: ReadonlyArray<{
    messages: MessageParam[] | null
    answer: MessageParam | null
  }>
): Placement[] {
  const trie = new PrefixTrie()
  const tips: Tip[] = []
  const byPrefix = new Map<number, number>()
  return calls.map(({ messages, answer }) => {
    if (!messages || messages.length === 0) return { thread: -1, repeat: false }
    const ids = trie.prefixes(answer ? [...messages, answer] : messages)
    const own = ids[messages.length - 1]!
    let thread = -1
    let repeat = false
    for (let k = messages.length - 1; k >= 0 && thread < 0; k--) {
      const t = byPrefix.get(ids[k]!)
      if (t === undefined) continue
      const tip = tips[t]!
      if (tip.request !== ids[k] && tip.answered !== ids[k]) continue
      thread = t
      repeat = tip.request === own
    }
    if (thread < 0) {
      thread = tips.length
      tips.push({ request: -1, answered: null })
    }
    const tip = tips[thread]!
    if (byPrefix.get(tip.request) === thread) byPrefix.delete(tip.request)
    if (tip.answered !== null && byPrefix.get(tip.answered) === thread)
      byPrefix.delete(tip.answered)
    tip.request = own
    tip.answered = answer ? ids[messages.length]! : null
    byPrefix.set(own, thread)
    if (tip.answered !== null) byPrefix.set(tip.answered, thread)
    return { thread, repeat }
  })
}
