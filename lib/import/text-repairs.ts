import { lineColumn } from "./bounds"
import {
  ESCAPED_APOSTROPHE,
  findQuoteBreaks,
  type QuoteBreak,
  repairQuoteBreaks,
} from "./curl/quote-breaks"
import { type EditsOffer, findEditsOffer } from "./edits-offer"
import type { ParsedImport } from "./index"
import type { ImportNote, ImportOptions } from "./types"

/**
 * What `parseImport` adds around the format importers: the repair of a curl
 * body broken by an apostrophe (said at the apostrophe, imported as the
 * docs meant it, the repair offered for the text), and the offer of a
 * `context_management` configuration when the text holds no request.
 */

/** A repair the Import dialog can make in the pasted text. */
export interface TextRepair {
  /** Offset, 1-based line and column of the text to replace. */
  offset: number
  line: number
  column: number
  length: number
  replacement: string
  /** What is wrong there, in a sentence. */
  message: string
}

export interface TextExtras {
  /** Repairs of the pasted text (the import already made them). */
  textRepairs?: TextRepair[]
  /** A configuration to apply to the current conversation (the text holds no request). */
  editsOffer?: EditsOffer
}

const MAX_SAID = 5

function repairOf(text: string, b: QuoteBreak): TextRepair {
  const at = lineColumn(text, b.at)
  const flag = lineColumn(text, b.flag).line
  const fixed = b.word.replace("'", ESCAPED_APOSTROPHE)
  return {
    offset: b.at,
    line: at.line,
    column: at.column,
    length: 1,
    replacement: ESCAPED_APOSTROPHE,
    message: `Line ${at.line}, column ${at.column}: the apostrophe in “${b.word}” ends the single quotes around the curl command's data (line ${flag}), so the command fails as printed — in a shell too (bash reads on to a quote that never closes). In single quotes an apostrophe is written ${ESCAPED_APOSTROPHE}: ${fixed}.`,
  }
}

/** The import of `text` with its broken curl quotes repaired, and said where they are. */
function withQuoteRepairs(
  text: string,
  breaks: QuoteBreak[],
  parse: () => ParsedImport,
  parseRepaired: () => ParsedImport
): ParsedImport {
  const textRepairs = breaks.map((b) => repairOf(text, b))
  const said: ImportNote[] = textRepairs.slice(0, MAX_SAID).map((r) => ({
    level: "warning",
    message: `${r.message} Imported as it was meant.`,
  }))
  const repaired = parseRepaired()
  const result = repaired.success ? repaired : parse()
  if (!result.success) {
    const first = textRepairs[0]!
    return {
      ...result,
      error: {
        message: `${first.message} ${result.error.message}`,
        line: first.line,
        column: first.column,
      },
      textRepairs,
    }
  }
  const [detected, ...rest] = result.notes
  return {
    ...result,
    notes: [...(detected ? [detected] : []), ...said, ...rest],
    textRepairs,
  }
}

/** `parse(text)`, with the repairs and offers above. */
export function withTextRepairs(
  text: string,
  options: ImportOptions,
  parse: (text: string, options: ImportOptions) => ParsedImport
): ParsedImport {
  const breaks = findQuoteBreaks(text)
  const result =
    breaks.length === 0
      ? parse(text, options)
      : withQuoteRepairs(
          text,
          breaks,
          () => parse(text, options),
          () => parse(repairQuoteBreaks(text, breaks), options)
        )
  if (result.success) return result
  const editsOffer = findEditsOffer(text)
  return editsOffer ? { ...result, editsOffer } : result
}
