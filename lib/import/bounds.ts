import { flatScanJson } from "@/lib/json/flat-scan"
import { parseJsonLocated } from "@/lib/json/parse-located"

import type { ImportError, Parsed } from "./types"

/**
 * Limits that keep every importer fast and stack-safe on hostile input:
 * checked before any parsing, all in one linear pass.
 */
export const MAX_INPUT_CHARS = 20 * 1024 * 1024
/** Deepest JSON nesting accepted (requests need ~10; tool inputs a few more). */
export const MAX_JSON_DEPTH = 128

/** 1-based line and column of `offset`. */
export function lineColumn(text: string, offset: number) {
  let line = 1
  let last = -1
  for (
    let i = text.indexOf("\n");
    i !== -1 && i < offset;
    i = text.indexOf("\n", i + 1)
  ) {
    line++
    last = i
  }
  return { line, column: offset - last }
}

/**
 * Rejects input that is too large or not text; null when acceptable.
 * `parsedAsJson`: the text already parsed as JSON, which cannot hold a raw
 * NUL (the NUL scan is skipped).
 */
export function checkText(
  text: string,
  parsedAsJson = false
): ImportError | null {
  if (text.length > MAX_INPUT_CHARS) {
    const mb = (text.length / (1024 * 1024)).toFixed(1)
    return {
      message: `The input is ${mb} MB; the limit is 20 MB. Trim the conversation or import part of it.`,
    }
  }
  const nul = parsedAsJson ? -1 : text.indexOf("\u0000")
  if (nul !== -1) {
    return {
      message:
        "This looks like a binary file (it contains NUL bytes), not text. Paste JSON, a curl command or a transcript.",
      ...lineColumn(text, nul),
    }
  }
  if (!text.isWellFormed()) {
    return {
      message:
        "The text contains invalid UTF-16 (unpaired surrogates), which usually means a binary or corrupted file.",
    }
  }
  // A binary file decoded as UTF-8 turns into replacement characters.
  let replacements = 0
  for (
    let i = text.indexOf("\uFFFD");
    i !== -1;
    i = text.indexOf("\uFFFD", i + 1)
  )
    replacements++
  if (replacements > 16 && replacements > text.length / 100) {
    return {
      message:
        "This looks like a binary file (many undecodable bytes), not text.",
    }
  }
  return null
}

/**
 * Finds the first place JSON nesting exceeds `max`, without parsing, so a
 * 100k-deep array is refused before any recursive code sees it.
 */
export function findExcessiveDepth(text: string, max = MAX_JSON_DEPTH): number {
  return flatScanJson(text, max)?.at ?? -1
}

/** Whether a parsed value nests arrays/objects deeper than `max` (stack-safe: stops at max + 1). */
export function deeperThan(value: unknown, max: number): boolean {
  if (typeof value !== "object" || value === null) return false
  if (max === 0) return true
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++)
      if (deeperThan(value[i], max - 1)) return true
    return false
  }
  for (const key in value)
    if (deeperThan((value as Record<string, unknown>)[key], max - 1))
      return true
  return false
}

const tooDeep = (text: string, at: number): ImportError => ({
  message: `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep, which no Messages request needs.`,
  ...lineColumn(text, at),
})

/**
 * Parses JSON with bounds: size/binary checks, nesting depth, located errors.
 * Valid JSON takes the fast path: the native parser (it does not recurse),
 * then a depth walk of the value; the text is scanned character by character
 * only to locate a problem.
 */
export function parseJsonBounded(text: string): Parsed<unknown> {
  if (text.length > MAX_INPUT_CHARS)
    return { success: false, error: checkText(text)! }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    const bad = checkText(text)
    if (bad) return { success: false, error: bad }
    // Invalid (or, in an engine whose parser recurses, too deep): the scan
    // finds excessive nesting first, then the located parser says where.
    const deep = findExcessiveDepth(text)
    if (deep !== -1) return { success: false, error: tooDeep(text, deep) }
    const parsed = parseJsonLocated(text)
    if (parsed.success) return parsed
    const { message, line, column } = parsed.error
    return { success: false, error: { message, line, column } }
  }
  const bad = checkText(text, true)
  if (bad) return { success: false, error: bad }
  if (deeperThan(data, MAX_JSON_DEPTH))
    return { success: false, error: tooDeep(text, findExcessiveDepth(text)) }
  return { success: true, data }
}
