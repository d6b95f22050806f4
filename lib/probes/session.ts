/**
 * One run's connection to count_tokens: sends a body, reads the answer,
 * records it for the evidence, reports progress and keeps the request
 * budget. Never sends more than MAX_REQUESTS; stops when aborted.
 */
import { shorten } from "./fixtures"
import type { ProbeRequest, ProbeSend } from "./types"
import { isRecord as isObj } from "@/lib/json/is-record"

/** The hard cap of requests in one run. */
export const MAX_REQUESTS = 60

/** A count_tokens answer, read. */
export type Answer =
  | {
      ok: true
      status: number
      input: number
      /** `context_management.original_input_tokens`, null when absent. */
      original: number | null
      record: ProbeRequest
    }
  | { ok: false; status: number; message: string; record: ProbeRequest }

const isCount = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= 0

/** Reads the API's error body `{type:"error", error:{type, message}}`. */
export function errorMessage(body: unknown): string {
  const e = isObj(body) && isObj(body.error) ? body.error : null
  if (e && typeof e.message === "string") return e.message
  return "no error message"
}

/** Turns a raw answer into an `Answer` (a malformed 200 is an error). */
export function readAnswer(
  status: number,
  body: unknown,
  record: ProbeRequest
): Answer {
  if (typeof body === "string") {
    // A raw response text: read it as the JSON it should be.
    try {
      body = JSON.parse(body) as unknown
    } catch {
      // left as text: not a count, and its own error message
    }
  }
  if (status === 200 && isObj(body) && isCount(body.input_tokens)) {
    const cm = body.context_management
    const original =
      isObj(cm) && isCount(cm.original_input_tokens)
        ? cm.original_input_tokens
        : null
    record.input_tokens = body.input_tokens
    if (original !== null) record.original_input_tokens = original
    return { ok: true, status, input: body.input_tokens, original, record }
  }
  const message =
    status === 200 ? "unexpected answer (no input_tokens)" : errorMessage(body)
  record.error = message
  return { ok: false, status, message, record }
}

export class BudgetExhausted extends Error {
  constructor() {
    super(`The probe plan stops at ${MAX_REQUESTS} requests.`)
    this.name = "BudgetExhausted"
  }
}

/** Sends probe requests for one run. */
/** One request of a probe: what it asks, and the body (see `ProbeSession.count`). */
export type CountRequest = readonly [
  label: string,
  body: Record<string, unknown>,
]

export class ProbeSession {
  sent = 0
  planned: number

  constructor(
    private readonly sendBody: ProbeSend,
    readonly model: string,
    planned: number,
    private readonly signal?: AbortSignal,
    private readonly onProgress?: (done: number, total: number) => void
  ) {
    this.planned = planned
  }

  /** Sends `body` (the run's model unless it names another) and reads the answer. */
  async count(label: string, body: Record<string, unknown>): Promise<Answer> {
    this.signal?.throwIfAborted()
    if (this.sent >= MAX_REQUESTS) throw new BudgetExhausted()
    const full = { model: this.model, ...body }
    this.sent++
    const record: ProbeRequest = { label, body: shorten(full), status: 0 }
    let answer: Answer
    try {
      const raw = await this.sendBody(full)
      record.status = raw.status
      answer = readAnswer(raw.status, raw.body, record)
    } catch (error) {
      this.signal?.throwIfAborted()
      record.error = error instanceof Error ? error.message : String(error)
      answer = { ok: false, status: 0, message: record.error, record }
    }
    this.planned = Math.max(this.planned, this.sent)
    this.onProgress?.(this.sent, this.planned)
    return answer
  }

  /** Sends labelled bodies one after another (see `count`): an answer for each, in order. */
  async countEach<const R extends readonly CountRequest[]>(
    requests: R
  ): Promise<{ -readonly [K in keyof R]: Answer }> {
    const answers: Answer[] = []
    for (const [label, body] of requests)
      answers.push(await this.count(label, body))
    return answers as { -readonly [K in keyof R]: Answer }
  }

  /** A probe skipped `n` planned requests: the total shrinks. */
  skip(n: number): void {
    this.planned = Math.max(this.sent, this.planned - n)
    this.onProgress?.(this.sent, this.planned)
  }
}

/** Tokens the edits removed (original − input), or null without an original. */
export function freed(a: Answer): number | null {
  if (!a.ok || a.original === null) return null
  return a.original - a.input
}
