/**
 * The distinctive pieces of a text (docs/semantics.md#result-needs): what
 * a later turn can only have taken from a tool result it read — a path or
 * file name, an identifier (camelCase, snake_case, CONSTANT_CASE), a number
 * with several digits, a whole line of code or data. Common words are none
 * of these, so prose that merely talks about a result is not counted as
 * using it.
 */

/** A file path (something/with/slashes) or a file name with an extension. */
const PATH =
  /[\w.@~+-]*\/[\w.@+/-]*[\w]|\b[\w-]{2,}\.[A-Za-z][A-Za-z0-9]{0,5}\b/g
/** An identifier with an inner capital, an underscore or a digit. */
const IDENT = /\b[A-Za-z_$][\w$]{5,}\b/g
/** A number with a decimal part, or of five digits or more. */
const NUMBER = /\b\d+[.,]\d{2,}\b|\b\d{5,}\b/g
/** Claude Code's line-number prefix on Read results ("    12→"), or cat -n's. */
const LINE_NO = /^\s*\d+(?:→|\t)/

/** Lines shorter than this (trimmed) are too generic to identify a source. */
export const MIN_LINE = 30

const isIdentifier = (w: string) =>
  /[A-Z]/.test(w.slice(1)) && /[a-z]/.test(w)
    ? true
    : w.includes("_") || /\d/.test(w.slice(1))

/** Adds the distinctive words of `text` (paths, identifiers, numbers) to `out`. */
function addWords(text: string, out: Set<string>): void {
  for (const m of text.matchAll(PATH))
    if (m[0].length >= 6 && /[A-Za-z]/.test(m[0])) out.add(m[0])
  for (const m of text.matchAll(IDENT)) if (isIdentifier(m[0])) out.add(m[0])
  for (const m of text.matchAll(NUMBER)) out.add(m[0])
}

/** A line as compared: its number prefix removed, whitespace collapsed. */
export function normalLine(line: string): string {
  return line.replace(LINE_NO, "").replace(/\s+/g, " ").trim()
}

/** Adds the long lines of `text` to `out` (as `\n` + the normalised line, apart from words). */
function addLines(text: string, out: Set<string>): void {
  for (const raw of text.split("\n")) {
    const line = normalLine(raw)
    if (line.length >= MIN_LINE) out.add("\n" + line)
  }
}

/** Every distinctive piece of a text: words, and long lines (prefixed by `\n`). */
export function distinctive(text: string, out = new Set<string>()) {
  addWords(text, out)
  addLines(text, out)
  return out
}

/** The text of a tool result's content (a string or text blocks; images and documents skipped). */
export function resultText(content: unknown): string {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  let s = ""
  for (const b of content as Array<{ type?: unknown; text?: unknown }>)
    if (b?.type === "text" && typeof b.text === "string") s += b.text + "\n"
  return s
}

/** Every string inside a tool input, joined by newlines (keys left out). */
export function inputText(input: unknown, depth = 0): string {
  if (typeof input === "string") return input
  if (depth > 8 || input === null || typeof input !== "object") return ""
  const parts: string[] = []
  for (const v of Array.isArray(input) ? input : Object.values(input))
    parts.push(inputText(v, depth + 1))
  return parts.filter(Boolean).join("\n")
}

/** A call's identity: the tool and its input, keys sorted. */
export function callKey(name: string, input: unknown): string {
  const sorted = (v: unknown): unknown =>
    v === null || typeof v !== "object"
      ? v
      : Array.isArray(v)
        ? v.map(sorted)
        : Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])])
          )
  return `${name} ${JSON.stringify(sorted(input) ?? null)}`
}
