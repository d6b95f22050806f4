import type {
  ContentBlock,
  ImportedRequest,
  MessageParam,
} from "@/lib/import/types"

import { base62, base64, pick, randomInt, type Random } from "./prng"
import { fillToBudget, type Producer } from "./text/fill"
import { sentence } from "./text/prose"
import type { Vocabulary } from "./text/vocab"

/** The chars≈tokens×3.5 rule used for all size targets in this module. */
export const CHARS_PER_TOKEN = 3.5

/** Estimated tokens of a request: its JSON length / 3.5 (no tokenizer). */
export function estimateRequestTokens(request: unknown): number {
  return Math.round(JSON.stringify(request).length / CHARS_PER_TOKEN)
}

/** A piece of content whose size is decided last, to hit the target. */
export interface Slot {
  weight: number
  /** Smallest JSON cost worth generating for this slot. */
  min: number
  fill(budget: number): void
}

/**
 * Appends blocks to a conversation, merging same-role neighbours, and hands
 * out unique, API-shaped ids. NOTE: mutates the blocks it is given (slots
 * fill them in place at the end).
 */
export class SessionBuilder {
  readonly messages: MessageParam[] = []
  readonly slots: Slot[] = []
  private readonly ids = new Set<string>()

  constructor(readonly random: Random) {}

  /** True when the next assistant block starts a new message. */
  get assistantStarts(): boolean {
    return this.messages.at(-1)?.role !== "assistant"
  }

  get lastRole(): MessageParam["role"] | undefined {
    return this.messages.at(-1)?.role
  }

  push(role: "user" | "assistant", blocks: ContentBlock[]): void {
    const last = this.messages.at(-1)
    if (last && last.role === role && Array.isArray(last.content)) {
      last.content.push(...blocks)
      return
    }
    this.messages.push({ role, content: blocks })
  }

  /** `toolu_01…` (client) or `srvtoolu_01…` (server) id, unique in the session. */
  id(prefix: "toolu" | "srvtoolu"): string {
    for (;;) {
      const id = `${prefix}_01${base62(this.random, 22)}`
      if (!this.ids.has(id)) {
        this.ids.add(id)
        return id
      }
    }
  }

  /** A thinking block with a fake (but realistically shaped) signature. */
  thinking(text: string): ContentBlock {
    const length = 4 * randomInt(this.random, 60, 110)
    return {
      type: "thinking",
      thinking: text,
      signature: `Eq${base64(this.random, length - 2)}`,
    }
  }

  /** A sized slot that sets `block[field]` to text from `produce`. */
  textSlot(
    block: ContentBlock,
    field: string,
    produce: Producer,
    weight: number,
    min = 80
  ): void {
    block[field] = ""
    this.slots.push({
      weight,
      min,
      fill: (budget) => {
        block[field] = fillToBudget(produce, budget)
      },
    })
  }

  /** A `tool_result` for `toolUseId` whose text content is a slot filled from `produce`. */
  toolResultSlot(
    toolUseId: string,
    produce: Producer,
    weight: number
  ): ContentBlock {
    const result: ContentBlock = {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: "",
    }
    this.textSlot(result, "content", produce, weight)
    return result
  }

  /**
   * A web search round trip inside the assistant message: `server_tool_use`
   * then `web_search_tool_result` whose opaque `encrypted_content` is sized
   * by a slot (real results carry several KB of it).
   */
  webSearch(
    query: string,
    vocab: Vocabulary,
    domains: readonly string[],
    weight: number
  ): void {
    const id = this.id("srvtoolu")
    const results: ContentBlock[] = []
    for (let i = randomInt(this.random, 3, 6); i > 0; i--) {
      const title = sentence(this.random, vocab).replace(/\.$/, "")
      const slug = title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .slice(0, 60)
        .replace(/-+$/, "")
      results.push({
        type: "web_search_result",
        url: `https://${pick(this.random, domains)}/${slug}`,
        title,
        encrypted_content: "",
        page_age: `${pick(this.random, MONTHS)} ${randomInt(this.random, 1, 28)}, ${randomInt(this.random, 2024, 2026)}`,
      })
    }
    this.push("assistant", [
      { type: "server_tool_use", id, name: "web_search", input: { query } },
      { type: "web_search_tool_result", tool_use_id: id, content: results },
    ])
    this.slots.push({
      weight,
      min: 200,
      fill: (budget) => {
        const each = Math.max(40, Math.floor(budget / results.length))
        for (const result of results) {
          // Base64 has no characters JSON escapes, so length == cost.
          result.encrypted_content = `Eu${base64(this.random, each - 2)}`
        }
      },
    })
  }
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
]

/**
 * Sizes every slot so the whole request lands on `targetTokens` by the
 * chars/3.5 rule. NOTE: mutates `request` through the slots.
 */
export function fillSlots(
  request: ImportedRequest,
  slots: readonly Slot[],
  targetTokens: number
): void {
  if (slots.length === 0) return
  const skeleton = JSON.stringify(request).length
  const remaining = targetTokens * CHARS_PER_TOKEN - skeleton
  const total = slots.reduce((sum, slot) => sum + slot.weight, 0) || 1
  for (const slot of slots) {
    const share = Math.floor((remaining * slot.weight) / total)
    slot.fill(Math.max(slot.min, share))
  }
}
