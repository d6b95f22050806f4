/**
 * Deterministic builders for test and benchmark conversations. Text is
 * varied, word-based prose (not "x".repeat), so token estimates behave like
 * real text (the caveat in docs/semantics.md#langchain-scenarios).
 */
import { assistant, text, user } from "../../../test/messages"
import { createRandom } from "../../generate/prng"
import { simulate } from "../result/simulate"
import type { SimulateError, SimulateOptions, SimulateSuccess } from "../types"

const WORDS = (
  "the service returns a list of matching documents ranked by relevance each " +
  "result includes title url snippet and publication date we found several " +
  "reports describing how migration affected latency across regions while " +
  "cache warmed up again customers observed intermittent timeouts during peak " +
  "hours because connection pools were exhausted team rolled back " +
  "configuration after monitoring showed error rates climbing above threshold " +
  "researchers measured protein folding rates under varying temperatures"
).split(" ")

/** Small deterministic PRNG: the generator's mulberry32 (one implementation). */
export const rng = createRandom

/** About `chars` characters of varied English-like prose. */
export function prose(seed: number, chars: number): string {
  const r = rng(seed)
  const parts: string[] = []
  let n = 0
  while (n < chars) {
    const k = 8 + Math.floor(r() * 10)
    const words: string[] = []
    for (let i = 0; i < k; i++) words.push(WORDS[Math.floor(r() * WORDS.length)]!)
    const s = words.join(" ")
    const sentence = s[0]!.toUpperCase() + s.slice(1) + "."
    parts.push(sentence)
    n += sentence.length + 1
  }
  return parts.join(" ").slice(0, Math.max(1, chars))
}

type Block = Record<string, unknown>
type Message = { role: "user" | "assistant"; content: string | Block[] }

/** A web search round trip inside an assistant message: server_tool_use + one result of `encrypted` content. */
export function webSearchBlocks(id: string, encrypted: string): Block[] {
  return [
    { type: "server_tool_use", id, name: "web_search", input: { query: "q" } },
    {
      type: "web_search_tool_result",
      tool_use_id: id,
      content: [{ type: "web_search_result", url: "u", title: "t", encrypted_content: encrypted }],
    },
  ]
}

/** One tool round: assistant tool_use(s) then a user message with the results. */
export interface ToolCall {
  id: string
  name: string
  input?: Record<string, unknown>
  /** Result content; a number means that many chars of prose. */
  result?: string | number | Block[]
  isError?: boolean
}

// Plain message and block literals: one home for every test (test/messages).
export { assistant, text, user }

/** A thinking block of `chars` prose (signature `sig-<seed>` unless given). */
export function thinkingBlock(seed: number, chars: number, signature = `sig-${seed}`): Block {
  return { type: "thinking", thinking: prose(seed, chars), signature }
}

/**
 * assistant message calling the tools (parallel when several) + user
 * results. `lead` opens the assistant message: a string is a text block.
 */
export function toolRound(calls: ToolCall[], lead?: string | Block): Message[] {
  const uses: Block[] = calls.map((c) => ({
    type: "tool_use",
    id: c.id,
    name: c.name,
    input: c.input ?? { query: c.id },
  }))
  const results: Block[] = calls.map((c, k) => {
    const content =
      typeof c.result === "number" ? prose(k + c.id.length * 7, c.result) : (c.result ?? "ok")
    const b: Block = { type: "tool_result", tool_use_id: c.id, content }
    if (c.isError) b.is_error = true
    return b
  })
  const first = typeof lead === "string" ? (lead ? text(lead) : undefined) : lead
  return [
    { role: "assistant", content: first ? [first, ...uses] : uses },
    { role: "user", content: results },
  ]
}

/** A user request, N sequential tool rounds with results of `chars` prose, an answer and a new question. */
export function toolConversation(
  n: number,
  chars: number,
  name: (k: number) => string = () => "search"
): Message[] {
  const out: Message[] = [{ role: "user", content: "Please research this topic thoroughly." }]
  for (let k = 0; k < n; k++)
    out.push(...toolRound([{ id: `toolu_${k}`, name: name(k), result: prose(1000 + k, chars) }], `Step ${k + 1}: searching.`))
  out.push({ role: "assistant", content: "Here is what I found." })
  out.push({ role: "user", content: "Thanks, continue." })
  return out
}

/**
 * `n` tool rounds of `chars`-prose results (every fourth a memory call,
 * the others search), a thinking turn of `thinkingChars`, then `question`.
 */
export function memoryToolSession(n: number, chars: number, thinkingChars: number, question: string): Message[] {
  return [
    ...toolConversation(n, chars, (k) => (k % 4 === 0 ? "memory" : "search")),
    thinkingTurn(7, thinkingChars),
    { role: "user", content: question },
  ]
}

/**
 * A compacted log's request (Claude Code's shape): a compact edit at
 * `trigger` input tokens, the first user turn, the compaction block that
 * replaced the earlier turns, then `rest`.
 */
export function compactedLog(trigger: number, first: string, summary: string, rest: Message[]) {
  return {
    model: "claude-opus-4-6",
    max_tokens: 4096,
    context_management: { edits: [{ type: "compact_20260112", trigger: tokens(trigger) }] },
    messages: [
      { role: "user", content: first },
      { role: "assistant", content: [{ type: "compaction", content: summary }] },
      ...rest,
    ],
  }
}

/** An assistant turn with a thinking block (+ text). */
export function thinkingTurn(seed: number, chars: number, answer = "Answer."): Message {
  return assistant([thinkingBlock(seed, chars), text(answer)])
}

/**
 * User questions with a thinking turn (thinkingTurn, seeds 1, 2, …) after
 * each but the last: q₀, thinking 1, q₁, thinking 2, …, qₙ.
 */
export function thinkingChat(questions: string[], chars: number): Message[] {
  return questions.flatMap((q, k): Message[] =>
    k === 0 ? [user(q)] : [thinkingTurn(k, chars), user(q)]
  )
}

/** Recursively freezes a value so any mutation by the engine throws. */
export function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v)
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k])
  }
  return v
}

/** Runs simulate and fails the test with the error message when it is not ok. */
export function simulateOk(request: unknown, options?: SimulateOptions): SimulateSuccess {
  const r = simulate(request, options)
  if (!r.ok) throw new Error(`expected ok, got: ${r.error.message}`)
  return r
}

/** Runs simulate and returns the error, failing when it succeeded. */
export function simulateError(request: unknown, options?: SimulateOptions): SimulateError {
  const r = simulate(request, options)
  if (r.ok) throw new Error("expected an invalid_request_error, got ok")
  return r.error
}

/** Statuses of the blocks of one type, in order. */
export function statuses(r: SimulateSuccess, type: string): string[] {
  return r.blocks.filter((b) => b.type === type).map((b) => b.status)
}

/** Expected statuses() of tool results: the `cleared` oldest cleared, then `kept` kept as recent. */
export function clearedThenKept(cleared: number, kept: number): string[] {
  return [...Array<string>(cleared).fill("cleared"), ...Array<string>(kept).fill("kept_recent")]
}

/** A clear_tool_uses edit with the given fields. */
export function clearTools(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: "clear_tool_uses_20250919", ...fields }
}

/** `{type:"input_tokens", value}` */
export const tokens = (value: number) => ({ type: "input_tokens", value })
/** `{type:"tool_uses", value}` */
export const uses = (value: number) => ({ type: "tool_uses", value })

/** An image block: a w×h PNG header as base64 data (pngBase64). */
export function pngImage(w: number, h: number): Block {
  return { type: "image", source: { type: "base64", media_type: "image/png", data: pngBase64(w, h) } }
}

/** A document block with plain-text source `data`. */
export function textDocument(data: string): Block {
  return { type: "document", source: { type: "text", media_type: "text/plain", data } }
}

/** Base64 of a PNG header declaring w×h (enough for size sniffing; not a full image). */
export function pngBase64(w: number, h: number): string {
  const b = new Uint8Array(33)
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(b.buffer)
  view.setUint32(16, w)
  view.setUint32(20, h)
  b.set([8, 2, 0, 0, 0], 24)
  return btoa(String.fromCharCode(...b))
}
