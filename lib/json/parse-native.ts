/**
 * JSON parsing that needs no library: the native parser, and where an offset
 * is. Kept apart from the error locator (parse-located.ts, which loads
 * jsonc-parser) so the page's first load does not carry that parser.
 */

/** A JSON syntax error located for a person: 1-based line and column. */
export interface LocatedJsonError {
  message: string
  line: number
  column: number
  offset: number
  length: number
  /**
   * Set while the locator (jsonc-parser, loaded on demand) is not there yet:
   * the text is known to be invalid, but not where. Replaced once it loads.
   */
  pending?: true
}

export type ParseLocatedResult =
  { success: true; data: unknown } | { success: false; error: LocatedJsonError }

/** 1-based line and column of `offset` in `text`. */
export function locate(
  text: string,
  offset: number
): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  const end = Math.min(offset, text.length)
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}

/**
 * The native parser's verdict, or null when the text is not valid JSON and
 * only the locator (parseJsonLocated) can say where. An empty document needs
 * no locator: it gets its own message.
 */
export function parseJsonNative(text: string): ParseLocatedResult | null {
  try {
    return { success: true, data: JSON.parse(text) as unknown }
  } catch {
    // not valid JSON: the caller locates the error
  }
  if (text.trim() !== "") return null
  return {
    success: false,
    error: {
      message: "The document is empty: paste a Messages API request",
      line: 1,
      column: 1,
      offset: 0,
      length: 0,
    },
  }
}
