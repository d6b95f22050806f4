import type { Entry } from "./lines"

/**
 * The API calls a Claude Code log records, as billed: Claude Code writes
 * one entry per content block of a response, each repeating the message's
 * `usage`, so one call is every row of one `message.id` (and `requestId`
 * where the log has it), and its usage is the one on its last row (early
 * rows of a streamed message can hold placeholder numbers: ccusage#1728,
 * claude-code#28197). Entries Claude Code wrote itself (`<synthetic>`,
 * API errors) are no call.
 */

/** What one call's input and output cost, in tokens, as the log recorded. */
export interface CallUsage {
  input_tokens: number
  cache_creation_input_tokens: number
  /** The 1-hour part of the writes (`usage.cache_creation`). */
  cache_creation_1h_input_tokens: number
  cache_read_input_tokens: number
  output_tokens: number
}

/** One API call of the log. */
export interface LoggedCall {
  /** `message.id`, with `/requestId` when the log has one. */
  key: string
  model: string
  /** Its first and last rows (the last row's usage is the bill). */
  first: Entry
  last: Entry
  usage: CallUsage
}

const num = (v: unknown): number =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0

type Usage = Record<string, unknown>

/** The numbers of one usage object (top-level or one iteration). */
function numbersOf(u: Usage): CallUsage {
  const creation = u.cache_creation as Usage | undefined
  const written = num(u.cache_creation_input_tokens)
  const hour = Math.min(written, num(creation?.ephemeral_1h_input_tokens))
  return {
    input_tokens: num(u.input_tokens),
    cache_creation_input_tokens: written,
    cache_creation_1h_input_tokens: hour,
    cache_read_input_tokens: num(u.cache_read_input_tokens),
    output_tokens: num(u.output_tokens),
  }
}

/**
 * A call's billed usage. With `usage.iterations` (compaction, advisor) the
 * top-level numbers leave out iterations the server ran itself, so the bill
 * is their sum (docs: compaction, "Billing").
 */
export function callUsage(u: Usage): CallUsage {
  const its = Array.isArray(u.iterations)
    ? (u.iterations as unknown[]).filter(
        (x): x is Usage => typeof x === "object" && x !== null
      )
    : []
  if (its.length < 2) return numbersOf(u)
  const sum = numbersOf({})
  for (const it of its) {
    const n = numbersOf(it)
    for (const k of Object.keys(sum) as (keyof CallUsage)[]) sum[k] += n[k]
  }
  return sum
}

/** An answer's model, unless Claude Code wrote the answer itself. */
export function modelOf(entry: Entry): string | undefined {
  const model = entry.message?.model
  return typeof model === "string" && model !== "<synthetic>"
    ? model
    : undefined
}

/** The key of the call an assistant entry belongs to (undefined: no call). */
export function callKey(e: Entry): string | undefined {
  if (e.type !== "assistant" || e.isApiErrorMessage === true) return undefined
  if (!modelOf(e) || !e.message?.usage) return undefined
  const id = e.message.id
  const request = (e as { requestId?: unknown }).requestId
  const req = typeof request === "string" && request ? request : undefined
  if (typeof id === "string" && id) return req ? `${id}/${req}` : id
  return req ?? `line ${e.line}`
}

/** Every distinct API call of the entries, in the order they began. */
export function loggedCalls(entries: readonly Entry[]): LoggedCall[] {
  const byKey = new Map<string, LoggedCall>()
  for (const e of entries) {
    const key = callKey(e)
    if (!key) continue
    const usage = callUsage(e.message!.usage!)
    const seen = byKey.get(key)
    if (seen) {
      seen.last = e
      seen.usage = usage
    } else byKey.set(key, { key, model: modelOf(e)!, first: e, last: e, usage })
  }
  return [...byKey.values()]
}
