import { parse, printParseErrorCode, type ParseError } from "jsonc-parser"

/** A JSON syntax error located for a person: 1-based line and column. */
export interface LocatedJsonError {
  message: string
  line: number
  column: number
  offset: number
  length: number
}

export type ParseLocatedResult =
  { success: true; data: unknown } | { success: false; error: LocatedJsonError }

const READABLE: Record<string, string> = {
  InvalidSymbol: "Unexpected character",
  InvalidNumberFormat: "Invalid number",
  PropertyNameExpected: "Expected a property name in double quotes",
  ValueExpected: "Expected a value",
  ColonExpected: "Expected ':'",
  CommaExpected: "Expected ',' or a closing bracket",
  CloseBraceExpected: "Expected '}'",
  CloseBracketExpected: "Expected ']'",
  EndOfFileExpected: "Unexpected text after the end of the JSON",
  InvalidCommentToken: "Comments are not allowed in JSON",
  UnexpectedEndOfComment: "Unterminated comment",
  UnexpectedEndOfString: "Unterminated string",
  UnexpectedEndOfNumber: "Unterminated number",
  InvalidUnicode: "Invalid unicode escape",
  InvalidEscapeCharacter: "Invalid escape character",
  InvalidCharacter: "Invalid character in string (use \\n for line breaks)",
}

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
 * Parses strict JSON; on failure says where (line/column) and what, in words.
 * Fast path: the native parser. Only a failing document is re-scanned by
 * jsonc-parser, which reports the first error's offset.
 */
export function parseJsonLocated(text: string): ParseLocatedResult {
  try {
    return { success: true, data: JSON.parse(text) as unknown }
  } catch {
    // fall through to locate the error
  }
  if (text.trim() === "") {
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
  const errors: ParseError[] = []
  parse(text, errors, { allowTrailingComma: false, disallowComments: true })
  const first = errors[0] ?? { error: 3, offset: text.length, length: 0 }
  const code = printParseErrorCode(first.error)
  const { line, column } = locate(text, first.offset)
  return {
    success: false,
    error: {
      message: `${READABLE[code] ?? code} at line ${line}, column ${column}`,
      line,
      column,
      offset: first.offset,
      length: first.length,
    },
  }
}
