// The v2 string table. A v2 link's JSON is `{"t": [entries], "s": wire}`:
// every string value of at least `STRING_TABLE_MIN_LENGTH` characters moves
// into `t` (once, however often it occurs), may be written as copies of
// earlier entries (long-match.ts), and is replaced in `s` by a reference.
//
// References are strings, so `s` keeps the wire object's exact shape:
//   "~<n>"   entry n of `t`, n in lowercase base 36 without leading zeros
//   "~~…"    a real string that starts with "~" (one "~" is dropped)
//   "~…"     anything else is malformed and rejects the link
// Strings that do not start with "~" are themselves. Only values change;
// object keys are never references. Arrays like `[0]` stay arrays, so no
// real value can be mistaken for a reference.

import {
  LONG_MATCH_DEFAULTS,
  LongMatcher,
  type LongMatchOptions,
  type TableEntry,
} from "./long-match"

/**
 * Strings shorter than this stay inline in `s`. Any of 32–128 gives the
 * 200 KB benchmark the same ratio (±0.001); 64 keeps ids, names and short
 * text, which compress well where they are, out of the table.
 */
export const STRING_TABLE_MIN_LENGTH = 64

const MARK = "~"
const REF = /^~(0|[1-9a-z][0-9a-z]*)$/

/** The v2 document: the table and the wire object with references. */
export interface PackedDocument {
  t: TableEntry[]
  s: unknown
}

/** Tuning for `packStrings` (tests and the benchmark try other values). */
export interface PackOptions extends LongMatchOptions {
  /** Strings at least this long go into the table. */
  minLength: number
}

const PACK_DEFAULTS: PackOptions = {
  ...LONG_MATCH_DEFAULTS,
  minLength: STRING_TABLE_MIN_LENGTH,
}

/**
 * Builds the v2 document from a JSON value (as returned by `JSON.parse`).
 * Mutates `json` in place, so pass a fresh parse; in-place assignment also
 * keeps keys such as `__proto__` as plain data.
 */
export function packStrings(
  json: unknown,
  options: Partial<PackOptions> = {}
): PackedDocument {
  const { minLength, ...matchOptions } = { ...PACK_DEFAULTS, ...options }
  const matcher = new LongMatcher(matchOptions)
  const table: TableEntry[] = []
  const seen = new Map<string, string>()
  const pack = (text: string): string => {
    if (text.length < minLength) {
      return text.startsWith(MARK) ? MARK + text : text
    }
    let ref = seen.get(text)
    if (ref === undefined) {
      ref = MARK + table.length.toString(36)
      table.push(matcher.add(text))
      seen.set(text, ref)
    }
    return ref
  }
  return { t: table, s: mapStrings(json, pack) }
}

// Depth-first in JSON text order, so table order follows the document and
// nearby text stays nearby for deflate. Recursion is safe: encoding input
// is the app's own state, and decoding input passed the flat depth scan.
function mapStrings(node: unknown, fn: (text: string) => string): unknown {
  if (typeof node === "string") return fn(node)
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) node[i] = mapStrings(node[i], fn)
  } else if (node !== null && typeof node === "object") {
    const record = node as Record<string, unknown>
    for (const key of Object.keys(record)) {
      record[key] = mapStrings(record[key], fn)
    }
  }
  return node
}

/** Bounds for `unpackStrings`. */
export interface UnpackBounds {
  /** Most characters the resolved table, and the strings put back into `s`, may each hold. */
  maxChars: number
  deadline: number
  now: () => number
}

/** Outcome of `unpackStrings`; `detail` is a user-readable sentence or "". */
export type UnpackResult =
  | { ok: true; value: unknown; notes: string[] }
  | { ok: false; reason: "damaged" | "too_large" | "timeout"; detail: string }

class Failure {
  constructor(
    readonly reason: "damaged" | "too_large" | "timeout",
    readonly detail: string
  ) {}
}

const MALFORMED_TABLE = "(Its string table is malformed.)"

/**
 * Resolves a parsed v2 document back into the wire object. Never throws:
 * copies may only read earlier entries (so there are no cycles), every
 * index, offset and length is checked, and the expanded size is capped.
 */
export function unpackStrings(
  doc: unknown,
  bounds: UnpackBounds
): UnpackResult {
  try {
    return unpack(doc, bounds)
  } catch (error) {
    if (error instanceof Failure) {
      return { ok: false, reason: error.reason, detail: error.detail }
    }
    return { ok: false, reason: "damaged", detail: MALFORMED_TABLE }
  }
}

function unpack(doc: unknown, bounds: UnpackBounds): UnpackResult {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new Failure("damaged", MALFORMED_TABLE)
  }
  const { t, s, ...rest } = doc as Record<string, unknown>
  if (!Array.isArray(t) || s === undefined) {
    throw new Failure("damaged", MALFORMED_TABLE)
  }
  const table = resolveTable(t, bounds)
  let expanded = 0
  const value = mapStrings(s, (text) => {
    if (!text.startsWith(MARK)) return text
    if (text.startsWith(MARK, 1)) return text.slice(1)
    const ref = REF.exec(text)
    const entry = ref ? table[parseInt(ref[1] as string, 36)] : undefined
    if (entry === undefined) {
      throw new Failure(
        "damaged",
        `(It refers to string ${preview(text)}, which its table of ${table.length} does not have.)`
      )
    }
    expanded += entry.length
    if (expanded > bounds.maxChars) throw new Failure("too_large", "")
    return entry
  })
  if (bounds.now() > bounds.deadline) throw new Failure("timeout", "")
  const extra = Object.keys(rest)
  const notes =
    extra.length > 0
      ? [
          `Ignored parts of the link this version does not know: ${extra.slice(0, 5).map(preview).join(", ")}.`,
        ]
      : []
  return { ok: true, value, notes }
}

function resolveTable(entries: unknown[], bounds: UnpackBounds): string[] {
  const out: string[] = []
  const clock = ticker(bounds)
  let total = 0
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]
    let text: string
    if (typeof entry === "string") text = entry
    else if (Array.isArray(entry)) {
      text = joinParts(entry, out, k, bounds.maxChars - total, clock)
    } else throw new Failure("damaged", MALFORMED_TABLE)
    total += text.length
    if (total > bounds.maxChars) throw new Failure("too_large", "")
    clock()
    out.push(text)
  }
  return out
}

// Looks at the clock every 4096 steps of work (entries and parts alike).
function ticker(bounds: UnpackBounds): () => void {
  let steps = 0
  return () => {
    if ((++steps & 4095) === 0 && bounds.now() > bounds.deadline) {
      throw new Failure("timeout", "")
    }
  }
}

// `budget` is checked per part: a few bytes of copies of a large entry must
// not build a gigantic string before the total is looked at.
function joinParts(
  parts: unknown[],
  resolved: string[],
  k: number,
  budget: number,
  clock: () => void
): string {
  const pieces: string[] = []
  let length = 0
  for (const part of parts) {
    clock()
    let piece: string
    if (typeof part === "string") piece = part
    else if (Array.isArray(part) && part.length === 3) {
      piece = copyOf(part as unknown[], resolved, k)
    } else throw new Failure("damaged", MALFORMED_TABLE)
    length += piece.length
    if (length > budget) throw new Failure("too_large", "")
    pieces.push(piece)
  }
  return pieces.join("")
}

function copyOf(copy: unknown[], resolved: string[], k: number): string {
  const [entry, offset, length] = copy
  // Only earlier entries: the table can neither loop nor refer ahead.
  const source = isIndex(entry) && entry < k ? resolved[entry] : undefined
  if (
    source === undefined ||
    !isIndex(offset) ||
    !isIndex(length) ||
    offset + length > source.length
  ) {
    throw new Failure(
      "damaged",
      `(String ${k} of its table copies from outside the text before it.)`
    )
  }
  return source.slice(offset, offset + length)
}

function isIndex(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0
}

// Details quote untrusted text, so keep the quote short.
function preview(value: string): string {
  const text = JSON.stringify(value)
  return text.length > 24 ? `${text.slice(0, 24)}…` : text
}
