import { formatNumber } from "@/lib/format/number"
/**
 * Request builders of the probes: deterministic prose of a chosen size and
 * conversations made of tool pairs or thinking turns. The block a probe
 * decides on is made to dominate its request (most of its tokens), so which
 * blocks were cleared shows in the token delta whatever the tokenizer.
 */

const WORDS =
  "river stone lantern orchard copper meadow signal harbor violet quarry ember thistle canyon marble ledger falcon willow cobalt prairie beacon tundra saffron glacier harvest compass juniper basalt kestrel monsoon parsley atlas cinder".split(
    " "
  )

/** Deterministic prose of about `tokens` tokens (≈ 4.5 characters a token). */
export function prose(tokens: number, seed = 1): string {
  let x = (seed * 2654435761) >>> 0
  const out: string[] = []
  const chars = Math.max(1, Math.round(tokens * 4.5))
  let length = 0
  while (length < chars) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    const word = WORDS[x % WORDS.length]!
    out.push(word)
    length += word.length + 1
  }
  return `${out.join(" ")}.`
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

/** A deterministic base64-looking string of `chars` characters (opaque data). */
export function opaque(chars: number, seed = 7): string {
  let x = (seed * 40503) >>> 0
  let s = ""
  for (let i = 0; i < chars; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    s += B64[x >>> 26]!
  }
  return s
}

/** The probes' client tools: one per name, the same shape for each. */
export function clientTools(names: readonly string[]): object[] {
  return names.map((name) => ({
    name,
    description: "Looks a term up for the probe.",
    input_schema: {
      type: "object",
      properties: { q: { type: "string" } },
      required: ["q"],
    },
  }))
}

export type Message = { role: "user" | "assistant"; content: unknown }

/** A client tool call and its answer (two messages). */
export function clientPair(
  id: string,
  name: string,
  result: string,
  options: { input?: Record<string, unknown>; isError?: boolean } = {}
): Message[] {
  const tr: Record<string, unknown> = {
    type: "tool_result",
    tool_use_id: id,
    content: result,
  }
  if (options.isError) tr.is_error = true
  return [
    {
      role: "assistant",
      content: [
        { type: "tool_use", id, name, input: options.input ?? { q: id } },
      ],
    },
    { role: "user", content: [tr] },
  ]
}

/** A web_search call with its result inside one assistant turn, then a user reply. */
export function serverPair(id: string, payload: string): Message[] {
  return [
    {
      role: "assistant",
      content: [
        {
          type: "server_tool_use",
          id,
          name: "web_search",
          input: { query: "probe" },
        },
        {
          type: "web_search_tool_result",
          tool_use_id: id,
          content: [
            {
              type: "web_search_result",
              url: `https://example.com/${id}`,
              title: "Probe result",
              encrypted_content: payload,
              page_age: null,
            },
          ],
        },
        { type: "text", text: "Found it." },
      ],
    },
    { role: "user", content: "Thanks, go on." },
  ]
}

/** An MCP call with its result inside one assistant turn, then a user reply. */
export function mcpPair(id: string, payload: string): Message[] {
  return [
    {
      role: "assistant",
      content: [
        {
          type: "mcp_tool_use",
          id,
          name: "probe_lookup",
          server_name: "probe",
          input: { q: "probe" },
        },
        {
          type: "mcp_tool_result",
          tool_use_id: id,
          is_error: false,
          content: [{ type: "text", text: payload }],
        },
        { type: "text", text: "Looked it up." },
      ],
    },
    { role: "user", content: "Thanks, go on." },
  ]
}

/** A thinking block with a signature-shaped field. */
export function thinking(text: string, seed: number): object {
  return { type: "thinking", thinking: text, signature: opaque(96, seed) }
}

/** An assistant turn: optional thinking-type block, then a short answer. */
export function assistantTurn(first: object | null, n: number): Message {
  const text = { type: "text", text: `Answer ${n}.` }
  return { role: "assistant", content: first ? [first, text] : [text] }
}

/** A user text turn. */
export const ask = (n: number): Message => ({
  role: "user",
  content: `Question ${n}: go on.`,
})

/** A `context_management` with these edits, in order. */
export const edits = (...e: object[]) => ({ edits: e })

/** One question and these edits: the body of a probe that asks about acceptance. */
export const askWith = (...e: object[]) => ({
  messages: [ask(1)],
  context_management: edits(...e),
})

/** The thinking setting of a probe request. */
export type ThinkingMode = "enabled" | "adaptive"

export function thinkingParam(mode: ThinkingMode): object {
  return mode === "enabled"
    ? { type: "enabled", budget_tokens: 1024 }
    : { type: "adaptive" }
}

/** A clear_tool_uses edit with a trigger and keep (other fields optional). */
export function clearToolUses(
  trigger: { type: "input_tokens" | "tool_uses"; value: number },
  keep: number,
  extra: Record<string, unknown> = {}
): object {
  return {
    type: "clear_tool_uses_20250919",
    trigger,
    keep: { type: "tool_uses", value: keep },
    ...extra,
  }
}

/** clear_thinking with `keep` thinking turns, or "all". */
export function clearThinking(keep: number | "all"): object {
  return {
    type: "clear_thinking_20251015",
    keep: keep === "all" ? "all" : { type: "thinking_turns", value: keep },
  }
}

/** An input_tokens trigger no prompt reaches (nothing is cleared). */
export const NEVER = { type: "input_tokens" as const, value: 5_000_000 }
/** The lowest input_tokens trigger: every probe prompt exceeds it. */
export const ALWAYS = { type: "input_tokens" as const, value: 1 }

/** Shortens long strings for storage and display (the request stays readable). */
export function shorten(value: unknown, max = 160): unknown {
  if (typeof value === "string")
    return value.length > max
      ? `${value.slice(0, max)}… (${formatNumber(value.length)} characters)`
      : value
  if (Array.isArray(value)) return value.map((v) => shorten(v, max))
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, shorten(v, max)])
    )
  return value
}
