import { formatNumber } from "@/lib/format/number"
/**
 * The JSON text the Raw diff view compares. Monaco diffs changed lines
 * character by character, which is quadratic in their length: one tool
 * result of 50,000 characters replaced by a placeholder kept the diff of the
 * default sample busy for over 5 s (and ≈60 s without its time cap). So
 * strings longer than `limit` are shown shortened: their first `head`
 * characters, then how many more there are and a tag of the full string. Both
 * sides are shortened the same way, and the tag (FNV-1a of the whole string)
 * keeps two different long strings from ever looking equal.
 */

/** Strings longer than this are shortened by default. */
export const DIFF_STRING_LIMIT = 500
/** Characters of a shortened string that stay visible. */
export const DIFF_STRING_HEAD = 200

export interface DiffText {
  text: string
  /** How many string values were shortened. */
  shortened: number
}

/** 32-bit FNV-1a of the UTF-16 code units, as 8 hex digits. */
export function stringTag(s: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, "0")
}

/** The shortened form of a long string (never splits a surrogate pair). */
export function shortenString(s: string, head = DIFF_STRING_HEAD): string {
  let cut = Math.min(head, s.length)
  const last = s.charCodeAt(cut - 1)
  if (cut < s.length && last >= 0xd800 && last <= 0xdbff) cut--
  const more = s.length - cut
  return `${s.slice(0, cut)}… ⟨${formatNumber(more)} more characters · #${stringTag(s)}⟩`
}

/**
 * JSON.stringify(value, null, 2) with string values longer than `limit`
 * shortened (`limit` Infinity: the exact text).
 */
export function diffText(value: unknown, limit = DIFF_STRING_LIMIT): DiffText {
  let shortened = 0
  const text =
    JSON.stringify(
      value,
      limit === Infinity
        ? undefined
        : (_key, v: unknown) => {
            if (typeof v !== "string" || v.length <= limit) return v
            shortened++
            return shortenString(v)
          },
      2
    ) ?? ""
  return { text, shortened }
}
