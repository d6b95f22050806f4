import { formatCount } from "@/lib/format/number"

/** Formats an integer with thousands separators, locale-independent: 142310 → "142,310". */
export const fmt: (n: number) => string = formatCount

/** "≈142,310" — every token figure is an estimate. */
export const approx = (n: number): string => `≈${fmt(n)}`

/** "1 tool use" / "3 tool uses". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${fmt(n)} ${n === 1 ? one : many}`
}

/** "`name`" for inline code in reasons. */
export const code = (s: string): string => `\`${s}\``

// Reasons built per run (template strings) are interned so that the same
// text is the same string object from run to run: comparing a block's
// reason with the previous run's is then a pointer check (see result/outcomes.ts).
const interned = new Map<string, string>()

/** The canonical string object for a text (bounded cache). */
export function intern(text: string): string {
  const hit = interned.get(text)
  if (hit !== undefined) return hit
  if (interned.size >= 4096) interned.clear()
  interned.set(text, text)
  return text
}
