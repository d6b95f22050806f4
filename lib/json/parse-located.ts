import { parse, printParseErrorCode, type ParseError } from "jsonc-parser"

import {
  locate,
  parseJsonNative,
  type LocatedJsonError,
  type ParseLocatedResult,
} from "./parse-native"

export { locate, type LocatedJsonError, type ParseLocatedResult }

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

/**
 * Parses strict JSON; on failure says where (line/column) and what, in words.
 * Fast path: the native parser. Only a failing document is re-scanned by
 * jsonc-parser, which reports the first error's offset.
 */
export function parseJsonLocated(text: string): ParseLocatedResult {
  const native = parseJsonNative(text)
  if (native) return native
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
