// Long-range matching for v2 links. Deflate only looks 32 KB back, so a file
// an agent read at message 3 and again (as an overlapping slice) at message
// 60 is compressed twice. This finds such repeats across the string table
// with a rolling hash over fixed blocks (rsync's idea, zstd's `--long` mode)
// and turns them into copies. Nearby repeats become copies too: deflate
// would have found those, but a copy costs about as much as its matches.

/** A copy of `length` characters from entry `entry` at `offset`. */
export type Copy = [entry: number, offset: number, length: number]

/** A table entry: a string, or literal pieces and copies of earlier entries. */
export type TableEntry = string | (string | Copy)[]

/** Tuning for `LongMatcher`. */
export interface LongMatchOptions {
  /** Block size: earlier text is indexed every `block` characters. */
  block: number
  /** Shortest repeat worth a copy (a copy costs ~15 characters of JSON). */
  minMatch: number
}

/**
 * Default long-match tuning. On bench/share's 200 KB conversation every
 * block of 16–64 and minMatch of 48–256 lands within 0.566–0.569 of
 * lz-string; at 400 KB a minMatch of 48–64 wins (0.494 against 0.508 at
 * 256). Block 32 is the fastest of those, and finds every repeat of 63+.
 */
export const LONG_MATCH_DEFAULTS: LongMatchOptions = {
  block: 32,
  minMatch: 64,
}

const BASE = 0x01000193 // FNV prime: any odd multiplier spreads well enough

function isHigh(c: number) {
  return c >= 0xd800 && c <= 0xdbff
}
function isLow(c: number) {
  return c >= 0xdc00 && c <= 0xdfff
}

/**
 * Compresses each added string against every string added before it.
 * Deterministic: the same strings in the same order give the same entries.
 */
export class LongMatcher {
  private readonly texts: string[] = []
  // hash of a block → slot; slots hold where that block was seen last.
  private readonly index = new Map<number, number>()
  private readonly slotEntry: number[] = []
  private readonly slotOffset: number[] = []
  private readonly outPow: number

  constructor(
    private readonly options: LongMatchOptions = LONG_MATCH_DEFAULTS
  ) {
    let pow = 1
    for (let i = 1; i < options.block; i++) pow = Math.imul(pow, BASE)
    this.outPow = pow
  }

  /** Adds `text` as the next entry and returns how to write it. */
  add(text: string): TableEntry {
    const entry = this.encode(text)
    this.remember(text)
    return entry
  }

  private hashAt(text: string, at: number): number {
    let h = 0
    for (let i = at; i < at + this.options.block; i++) {
      h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0
    }
    return h
  }

  private remember(text: string) {
    const entry = this.texts.length
    this.texts.push(text)
    const { block } = this.options
    for (let at = 0; at + block <= text.length; at += block) {
      const h = this.hashAt(text, at)
      let slot = this.index.get(h)
      if (slot === undefined) {
        slot = this.slotEntry.length
        this.index.set(h, slot)
      }
      this.slotEntry[slot] = entry
      this.slotOffset[slot] = at
    }
  }

  private encode(text: string): TableEntry {
    const { block, minMatch } = this.options
    if (text.length < minMatch || this.texts.length === 0) return text
    const parts: (string | Copy)[] = []
    let literalFrom = 0
    let i = 0
    let h = this.hashAt(text, 0)
    while (i + block <= text.length) {
      const slot = this.index.get(h)
      if (slot !== undefined) {
        const copy = this.matchAt(text, i, literalFrom, slot)
        if (copy) {
          const [, , length, start] = copy
          if (start > literalFrom) parts.push(text.slice(literalFrom, start))
          parts.push([copy[0], copy[1], length])
          i = literalFrom = start + length
          if (i + block <= text.length) h = this.hashAt(text, i)
          continue
        }
      }
      if (i + block >= text.length) break
      // Roll the window one character on.
      h =
        (Math.imul(h - Math.imul(text.charCodeAt(i), this.outPow), BASE) +
          text.charCodeAt(i + block)) |
        0
      i++
    }
    if (parts.length === 0) return text
    if (literalFrom < text.length) parts.push(text.slice(literalFrom))
    return parts
  }

  // Verifies a hash hit and grows it both ways; null when it is a hash
  // collision or too short to pay for itself.
  private matchAt(
    text: string,
    at: number,
    literalFrom: number,
    slot: number
  ): [entry: number, offset: number, length: number, start: number] | null {
    const entry = this.slotEntry[slot] as number
    const source = this.texts[entry] as string
    const from = this.slotOffset[slot] as number
    let forward = 0
    while (
      at + forward < text.length &&
      from + forward < source.length &&
      text.charCodeAt(at + forward) === source.charCodeAt(from + forward)
    ) {
      forward++
    }
    if (forward < this.options.block) return null
    let back = 0
    while (
      at - back > literalFrom &&
      from - back > 0 &&
      text.charCodeAt(at - back - 1) === source.charCodeAt(from - back - 1)
    ) {
      back++
    }
    let start = at - back
    let offset = from - back
    let end = at + forward
    // Never split a surrogate pair between a literal and a copy, so every
    // piece stays well-formed text.
    if (isLow(text.charCodeAt(start))) {
      start++
      offset++
    }
    if (end < text.length && isHigh(text.charCodeAt(end - 1))) end--
    const length = end - start
    return length >= this.options.minMatch
      ? [entry, offset, length, start]
      : null
  }
}
