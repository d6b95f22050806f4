"use client"

import { MAX_INPUT_CHARS, parseImport, type ParsedImport } from "@/lib/import"
import { workOverLimit } from "@/lib/share/work"

/**
 * What the import worker answers for one input: `parseImport`'s result
 * (null for blank input) unless the conversation is too heavy for the page
 * (`workOverLimit`: then only the reason crosses back), or the input is over
 * the size limit (`tooLarge`: refused before it was parsed).
 */
export interface ImportVerdict {
  seq: number
  /** Characters of the input. */
  chars: number
  result: ParsedImport | null
  tooHeavy: string | null
  tooLarge: string | null
}

/** What the worker is asked: new text, a file to read, or another pick of the text it holds. */
export interface ImportAsk {
  seq: number
  text?: string
  file?: File
  pick?: string
}

/** The size refusal, said the same way for a paste, a drop, a file and typing. */
export function tooLargeMessage(chars: number, what = "This text"): string {
  const mb = (chars / 1024 / 1024).toFixed(1)
  const limit = Math.round(MAX_INPUT_CHARS / 1024 / 1024)
  return `${what} is too large to import: ${mb} MB; the limit is ${limit} MB. Trim the conversation or import part of it. Your current work is unchanged.`
}

/**
 * Parses and measures `text` (the work the worker does; also the fallback
 * where no Worker exists, e.g. the server render). A thin wrapper: what is
 * detected and how is `parseImport`'s business.
 */
export function checkImport(
  seq: number,
  text: string,
  pick?: string
): ImportVerdict {
  const chars = text.length
  if (chars > MAX_INPUT_CHARS)
    return {
      seq,
      chars,
      result: null,
      tooHeavy: null,
      tooLarge: tooLargeMessage(chars),
    }
  const result = text.trim() === "" ? null : parseImport(text, { pick })
  const tooHeavy = result?.success ? workOverLimit(result.data) : null
  return {
    seq,
    chars,
    result: tooHeavy ? null : result,
    tooHeavy,
    tooLarge: null,
  }
}
