/**
 * A Claude Code log's bill read from its bytes, a chunk at a time, parsing
 * only the lines that carry usage (`npm run report -- --no-replay`). The
 * same calls as the importer's (`lib/import/claude-code/calls.ts`: one call
 * per `message.id`/`requestId`, the usage of its last row, `<synthetic>`
 * and API-error entries no call, `usage.iterations` summed), priced by
 * `logged-call.ts` — so the bill equals the full reading's, at a fraction
 * of its work: assistant lines are a fifth of a log's bytes, and nothing
 * else is decoded. A line longer than {@link MAX_LINE_BYTES} is skipped
 * without being held, so no file makes a worker hold more than that.
 *
 * Only Claude Code JSONL is read this way, recognised as the importer does
 * (`detect-format.ts`, `looksLikeJsonl`: the first lines are typed JSON
 * objects, one of them a Claude Code entry); for anything else the
 * verdict is `other` and the caller reads the file the general way
 * (`readLog`), which knows every format `parseImport` does.
 */
import { callKey, callUsage, modelOf } from "@/lib/import/claude-code/calls"
import type { CallUsage } from "@/lib/import/claude-code/calls"
import type { Entry } from "@/lib/import/claude-code/lines"
import type { RealUsage } from "@/lib/import/types"

import { callOf, type LoggedCall } from "./logged-call"

/** Longest line read; a longer one is skipped (counted in `longLines`). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024

/** `type`s of Claude Code's entries (the importer's `CLAUDE_CODE_TYPES`). */
export const CLAUDE_CODE_ENTRY_TYPES = new Set([
  "user",
  "assistant",
  "summary",
  "system",
  "file-history-snapshot",
  "queue-operation",
])

/**
 * Longest first line recognition reads: Claude Code opens a log with a
 * short bookkeeping line or the first prompt; a file whose first line runs
 * longer (a sparse file of NULs, one huge line) is read no further.
 */
export const MAX_FIRST_LINE_BYTES = 16 * 1024 * 1024

/** How many first lines recognition reads, as the importer's detection. */
const DETECT_LINES = 8
/** Bytes of the file's start searched for its `sessionId` (layout.ts). */
const HEAD_BYTES = 65_536

export type BillVerdict =
  | {
      kind: "bill"
      calls: LoggedCall[]
      sessionId: string | null
      bytes: number
      /** Lines over MAX_LINE_BYTES, skipped. */
      longLines: number
      /** Usage-carrying lines that were not a JSON entry, skipped. */
      badLines: number
    }
  | { kind: "other" }

const USAGE = new TextEncoder().encode('"usage"')
const NL = 10

type IndexOf = (
  this: Uint8Array,
  needle: Uint8Array | number,
  from: number
) => number
// Node's Buffer search where there is one (the terminal); a plain scan otherwise.
const nativeIndexOf = (
  globalThis as { Buffer?: { prototype: { indexOf: IndexOf } } }
).Buffer?.prototype.indexOf

function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from: number) {
  if (nativeIndexOf) return nativeIndexOf.call(hay, needle, from)
  const first = needle[0]!
  for (
    let i = hay.indexOf(first, from);
    i !== -1;
    i = hay.indexOf(first, i + 1)
  ) {
    let j = 1
    while (j < needle.length && hay[i + j] === needle[j]) j++
    if (j === needle.length) return i
  }
  return -1
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v)

interface Call {
  model: string
  last: string | undefined
  usage: CallUsage
}

/** The `sessionId` of the first row that names one (layout.ts's `sessionIdIn`). */
function sessionIdOf(head: string): string | null {
  const m = /"sessionId"\s*:\s*"([^"\\]{1,200})"/.exec(head)
  return m ? m[1]! : null
}

/** Feed the file's bytes with `push`, then `end()`; see the file comment. */
export class BillReader {
  private readonly decoder = new TextDecoder()
  private readonly calls = new Map<string, Call>()
  private carry: Uint8Array[] = []
  private carryBytes = 0
  private skipping = false
  private lineNo = 0
  /** null: still recognising; then whether it is Claude Code JSONL. */
  private claudeCode: boolean | null = null
  private detectLines = 0
  private head: Uint8Array[] = []
  private headBytes = 0
  private bytes = 0
  private longLines = 0
  private badLines = 0

  /** Reads the next chunk; false once the file is known not to be Claude Code JSONL. */
  push(chunk: Uint8Array): boolean {
    this.bytes += chunk.length
    if (this.headBytes < HEAD_BYTES) {
      const part = copy(chunk.subarray(0, HEAD_BYTES - this.headBytes))
      this.head.push(part)
      this.headBytes += part.length
    }
    let start = 0
    if (this.carryBytes > 0 || this.skipping) {
      const nl = chunk.indexOf(NL)
      if (nl === -1) {
        this.hold(chunk)
        return this.claudeCode !== false
      }
      this.hold(chunk.subarray(0, nl))
      this.finishCarried()
      start = nl + 1
    }
    while (this.claudeCode === null && start < chunk.length) {
      const nl = chunk.indexOf(NL, start)
      if (nl === -1) break
      this.line(chunk.subarray(start, nl))
      start = nl + 1
    }
    if (this.claudeCode === false) return false
    this.scan(chunk, start)
    return true
  }

  /** The verdict once every byte was pushed. */
  end(): BillVerdict {
    if (this.carryBytes > 0) this.finishCarried()
    if (this.claudeCode !== true) return { kind: "other" }
    const head = this.decoder.decode(concat(this.head, this.headBytes))
    return {
      kind: "bill",
      calls: [...this.calls].map(([key, c]) => loggedCall(key, c)),
      sessionId: sessionIdOf(head),
      bytes: this.bytes,
      longLines: this.longLines,
      badLines: this.badLines,
    }
  }

  /** Lines from `start` on: only those with `"usage"` are decoded; the last, unfinished one is held. */
  private scan(chunk: Uint8Array, start: number): void {
    for (;;) {
      const u = indexOfBytes(chunk, USAGE, start)
      const stop = u === -1 ? chunk.length : u
      let lineStart = start
      for (let nl = chunk.indexOf(NL, start); nl !== -1 && nl < stop;) {
        this.lineNo++
        lineStart = nl + 1
        nl = chunk.indexOf(NL, lineStart)
      }
      if (u === -1) {
        if (lineStart < chunk.length) this.hold(chunk.subarray(lineStart))
        return
      }
      const end = chunk.indexOf(NL, u)
      if (end === -1) {
        this.hold(chunk.subarray(lineStart))
        return
      }
      this.line(chunk.subarray(lineStart, end))
      start = end + 1
    }
  }

  /** Keeps the start of an unfinished line (a copy), up to MAX_LINE_BYTES. */
  private hold(part: Uint8Array): void {
    if (this.skipping) return
    const limit =
      this.claudeCode === null ? MAX_FIRST_LINE_BYTES : MAX_LINE_BYTES
    if (this.carryBytes + part.length > limit) {
      this.carry = []
      this.carryBytes = 0
      this.skipping = true
      // No Claude Code log opens with a line this long: stop reading here.
      if (this.claudeCode === null) this.claudeCode = false
      return
    }
    this.carry.push(copy(part))
    this.carryBytes += part.length
  }

  private finishCarried(): void {
    if (this.skipping) {
      this.skipping = false
      this.longLines++
      this.lineNo++
      if (this.claudeCode === null) this.claudeCode = false
      return
    }
    const line = concat(this.carry, this.carryBytes)
    this.carry = []
    this.carryBytes = 0
    if (this.claudeCode !== null && indexOfBytes(line, USAGE, 0) === -1)
      this.lineNo++
    else this.line(line)
  }

  /** One whole line (without its newline). */
  private line(bytes: Uint8Array): void {
    this.lineNo++
    if (this.claudeCode === null) return this.recognise(bytes)
    const text = this.decoder.decode(bytes).trim()
    const entry =
      text.startsWith("{") && text.endsWith("}") ? parse(text) : null
    if (!entry) {
      this.badLines++
      return
    }
    entry.line = this.lineNo
    this.addCall(entry)
  }

  /** One of the first lines: is this Claude Code JSONL? (detect-format.ts) */
  private recognise(bytes: Uint8Array): void {
    const text = this.decoder.decode(bytes).trim()
    if (text === "" && this.detectLines === 0) return
    const v = ++this.detectLines > DETECT_LINES ? false : lineVerdict(text)
    if (v === false) this.claudeCode = false
    else if (v !== null) {
      if (v.claudeCode) this.claudeCode = true
      v.entry.line = this.lineNo
      this.addCall(v.entry)
    }
  }

  private addCall(entry: Entry): void {
    const key = callKey(entry)
    if (!key) return
    const usage = callUsage(entry.message!.usage!)
    const ts = typeof entry.timestamp === "string" ? entry.timestamp : undefined
    const seen = this.calls.get(key)
    if (seen) {
      seen.last = ts
      seen.usage = usage
    } else this.calls.set(key, { model: modelOf(entry)!, last: ts, usage })
  }
}

/**
 * One of a file's first lines, as the importer's detection reads it: null
 * for an empty line, false for one that is not a typed JSON object, else
 * the entry and whether it is one Claude Code writes.
 */
function lineVerdict(
  text: string
): null | false | { entry: Entry; claudeCode: boolean } {
  if (text === "") return null
  const entry = text.startsWith("{") && text.endsWith("}") ? parse(text) : null
  if (!entry) return false
  const claudeCode =
    CLAUDE_CODE_ENTRY_TYPES.has(entry.type) ||
    "sessionId" in entry ||
    "uuid" in entry
  return { entry, claudeCode }
}

/** Whether a whole file's bytes open as Claude Code JSONL (the recognition above, at once). */
export function opensAsClaudeCode(bytes: Uint8Array): boolean {
  const decoder = new TextDecoder()
  let start = 0
  let seen = 0
  while (start < bytes.length && seen < DETECT_LINES) {
    const nl = bytes.indexOf(NL, start)
    const end = nl === -1 ? bytes.length : nl
    if (end - start > MAX_FIRST_LINE_BYTES) return false
    const text = decoder.decode(bytes.subarray(start, end)).trim()
    start = end + 1
    if (text === "" && seen === 0) continue
    seen++
    const v = lineVerdict(text)
    if (v === false) return false
    if (v?.claudeCode) return true
  }
  return false
}

/** A typed JSON object (an entry), or null. */
function parse(text: string): Entry | null {
  try {
    const v: unknown = JSON.parse(text)
    return isRecord(v) && typeof v.type === "string"
      ? (v as unknown as Entry)
      : null
  } catch {
    return null
  }
}

/** A copy (a Buffer's `slice` is a view of memory the reader reuses). */
function copy(part: Uint8Array): Uint8Array {
  const out = new Uint8Array(part.length)
  out.set(part)
  return out
}

function concat(parts: Uint8Array[], bytes: number): Uint8Array {
  if (parts.length === 1) return parts[0]!
  const out = new Uint8Array(bytes)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function loggedCall(key: string, c: Call): LoggedCall {
  const u: RealUsage = {
    messageIndex: -1,
    input_tokens: c.usage.input_tokens,
    cache_creation_input_tokens: c.usage.cache_creation_input_tokens,
    cache_read_input_tokens: c.usage.cache_read_input_tokens,
    output_tokens: c.usage.output_tokens,
    cache_creation_1h_input_tokens: c.usage.cache_creation_1h_input_tokens,
    model: c.model,
    call: key,
    ...(c.last ? { timestamp: c.last } : {}),
  }
  return callOf(u)
}

/** The bill of a whole text (tests, small files): the same reading at once. */
export function billOfText(text: string): BillVerdict {
  const r = new BillReader()
  r.push(new TextEncoder().encode(text))
  return r.end()
}
