/**
 * An apostrophe in prose ("I'll", "don't") inside the single-quoted JSON a
 * curl command sends (`-d '{…}'`, `--data \⏎ '{…}'`) ends the shell's quote
 * there: the command fails as printed (bash reads the rest as shell words
 * and stops at a quote that never closes, far below), the docs' tool-use
 * example among them. Found by walking the JSON from its opening quote —
 * outside a JSON string the walk stops at the `'` that closes the body; a
 * `'` between two letters inside a JSON string is such an apostrophe. The
 * shell's own ways to write one (`'\''`, `'"'"'`) are skipped, and a `'`
 * that splices shell text into the JSON (`'"$VAR"'`) ends the walk.
 */

export interface QuoteBreak {
  /** Offset of the apostrophe. */
  at: number
  /** The word it stands in ("I'll"). */
  word: string
  /** Offset of the data flag whose body it breaks. */
  flag: number
}

/** The shell's spelling of an apostrophe inside single quotes. */
export const ESCAPED_APOSTROPHE = "'\\''"

// A data flag, then its argument's opening quote (after spaces, `=` or a
// line continuation).
const DATA_FLAG =
  /(?:^|[\s;|&(])(-d|--data(?:-raw|-binary|-ascii)?|--json)(?:=|(?:[ \t]|\\\r?\n)+)'/g
const LETTER = /\p{L}/u

/** The word around offset `at` (letters and apostrophes). */
function wordAt(text: string, at: number): string {
  let a = at
  let b = at + 1
  while (a > 0 && LETTER.test(text[a - 1]!)) a--
  while (b < text.length && LETTER.test(text[b]!)) b++
  return text.slice(a, b)
}

/**
 * Walks the JSON body opening at `from` (just after its quote); returns the
 * apostrophes found inside its strings and where the walk ended.
 */
function walkBody(
  text: string,
  from: number
): { found: number[]; end: number } {
  const found: number[] = []
  let depth = 0
  let inString = false
  for (let i = from; i < text.length; i++) {
    const c = text[i]!
    if (!inString) {
      if (c === "'") return { found, end: i }
      if (c === '"') inString = true
      else if (c === "{" || c === "[") depth++
      else if ((c === "}" || c === "]") && --depth <= 0)
        return { found, end: i + 1 }
      continue
    }
    if (c === "\\") i++
    else if (c === '"') inString = false
    else if (c === "'") {
      if (text.startsWith(ESCAPED_APOSTROPHE, i)) i += 3
      else if (text.startsWith(`'"'"'`, i)) i += 4
      else if (LETTER.test(text[i - 1] ?? "") && LETTER.test(text[i + 1] ?? ""))
        found.push(i)
      else return { found, end: i } // shell text spliced in: not read here
    }
  }
  return { found, end: text.length }
}

/** Every apostrophe that ends a curl body's single quotes early, in order. */
export function findQuoteBreaks(text: string): QuoteBreak[] {
  const breaks: QuoteBreak[] = []
  const re = new RegExp(DATA_FLAG.source, "g")
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const quote = m.index + m[0].length - 1
    const first = /\S/.exec(text.slice(quote + 1, quote + 200))
    if (!first || (first[0] !== "{" && first[0] !== "[")) continue
    const { found, end } = walkBody(text, quote + 1)
    const flag = m.index + m[0].indexOf(m[1]!)
    for (const at of found) breaks.push({ at, word: wordAt(text, at), flag })
    re.lastIndex = Math.max(re.lastIndex, end)
  }
  return breaks
}

/** `text` with each break's apostrophe written the shell's way (`'\''`). */
export function repairQuoteBreaks(text: string, breaks: QuoteBreak[]): string {
  let out = ""
  let last = 0
  for (const b of breaks) {
    out += text.slice(last, b.at) + ESCAPED_APOSTROPHE
    last = b.at + 1
  }
  return out + text.slice(last)
}
