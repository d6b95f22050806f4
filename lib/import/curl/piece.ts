/**
 * Text read out of a pasted shell command, remembering where each part came
 * from, so an error found later (a JSON syntax error in a curl body) can be
 * located in the text the user pasted rather than in the body alone.
 */

/** `value[at, at + length)` was read from `text[from, from + length)`. */
export interface Span {
  at: number
  from: number
  length: number
}

/** A value read from the pasted text. */
export interface Piece {
  value: string
  /** Offsets in the pasted text where the piece's source starts and ends. */
  start: number
  end: number
  /** Where the value came from; empty unless tracking was asked for. */
  spans: Span[]
}

/** Builds a value and, when `track` is set, its spans. */
export class PieceWriter {
  value = ""
  readonly spans: Span[] = []

  constructor(private readonly track: boolean) {}

  /** Appends `s`, read character for character from the text at `from`. */
  add(s: string, from: number): void {
    if (s === "") return
    if (this.track) {
      const last = this.spans[this.spans.length - 1]
      if (
        last &&
        last.at + last.length === this.value.length &&
        last.from + last.length === from
      )
        last.length += s.length
      else this.spans.push({ at: this.value.length, from, length: s.length })
    }
    this.value += s
  }

  /** Appends `s` produced by one escape sequence at `from`. */
  escape(s: string, from: number): void {
    if (!this.track || s.length <= 1) return this.add(s, from)
    for (const ch of s) {
      this.spans.push({ at: this.value.length, from, length: ch.length })
      this.value += ch
    }
  }

  /** Appends text that is in no place of the pasted text (a joiner). */
  synthetic(s: string): void {
    this.value += s
  }

  /** Appends another piece with its spans. */
  append(piece: Piece): void {
    if (this.track)
      for (const span of piece.spans)
        this.spans.push({ ...span, at: span.at + this.value.length })
    this.value += piece.value
  }

  /** The finished piece. */
  piece(start: number, end: number): Piece {
    return { value: this.value, start, end, spans: this.spans }
  }
}

/** `piece.value.slice(from, to)` with its spans. */
export function slicePiece(piece: Piece, from: number, to?: number): Piece {
  const end = to ?? piece.value.length
  const spans: Span[] = []
  for (const s of piece.spans) {
    const lo = Math.max(s.at, from)
    const hi = Math.min(s.at + s.length, end)
    if (hi > lo)
      spans.push({ at: lo - from, from: s.from + (lo - s.at), length: hi - lo })
  }
  return {
    value: piece.value.slice(from, end),
    start: piece.start,
    end: piece.end,
    spans,
  }
}

/**
 * Offset in the pasted text of `piece.value[at]`; `at === value.length`
 * maps to just after the last character read. Undefined when that
 * character was not read from the text (or spans were not tracked).
 */
export function sourceOffset(piece: Piece, at: number): number | undefined {
  const { spans } = piece
  let lo = 0
  let hi = spans.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if ((spans[mid]?.at ?? 0) <= at) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  const span = spans[found]
  if (!span) return undefined
  if (at < span.at + span.length) return span.from + (at - span.at)
  if (at === piece.value.length && at === span.at + span.length)
    return span.from + span.length
  return undefined
}

/** Offset of a 1-based line and column in `text`. */
export function offsetOfLine(
  text: string,
  line: number,
  column: number
): number {
  let at = 0
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", at)
    if (nl === -1) return text.length
    at = nl + 1
  }
  return Math.min(at + column - 1, text.length)
}
