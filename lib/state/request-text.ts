import { skipJsonString } from "@/lib/json/common-ends"

/** The editor's canonical formatting of a request. */
export function stringifyRequest(request: unknown): string {
  return JSON.stringify(request, null, 2) ?? ""
}

function indentAfterFirstLine(json: string, indent: string): string {
  return json.replace(/\n/g, `\n${indent}`)
}

interface TopLevelScan {
  /** The value of `key`, when present. */
  value: { start: number; end: number } | null
  /** Where `key`'s opening quote is, when present. */
  keyStart: number
  /** Index of the root object's closing brace. */
  close: number
  hasProps: boolean
}

const QUOTE = 34

/**
 * One pass over a JSON object's text that finds where the top-level `key`'s
 * value starts and ends, without building a tree (a 4 MB request takes a few
 * milliseconds instead of a full parse). Null when the text is not an object.
 */
function scanTopLevel(text: string, key: string): TopLevelScan | null {
  let i = 0
  while (i < text.length && /\s/.test(text.charAt(i))) i++
  if (text.charCodeAt(i) !== 123 /* { */) return null
  const quotedKey = JSON.stringify(key)
  let depth = 0
  let expectKey = false
  let hasProps = false
  let value: TopLevelScan["value"] = null
  let valueStart = -1
  let keyStart = -1
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = skipJsonString(text, i)
      if (depth === 1 && expectKey) {
        hasProps = true
        expectKey = false
        if (
          end - i === quotedKey.length &&
          text.startsWith(quotedKey, i) &&
          value === null
        ) {
          keyStart = i
          let j = end
          while (j < text.length && text.charCodeAt(j) !== 58 /* : */) j++
          j++
          while (j < text.length && /\s/.test(text.charAt(j))) j++
          valueStart = j
        }
      }
      i = end - 1
      continue
    }
    if (c === 123 || c === 91 /* { [ */) {
      depth++
      if (depth === 1) expectKey = true
    } else if (c === 125 || c === 93 /* } ] */) {
      depth--
      if (depth === 0) {
        if (valueStart >= 0 && value === null)
          value = trimEnd(text, valueStart, i)
        return { value, keyStart, close: i, hasProps }
      }
    } else if (c === 44 /* , */ && depth === 1) {
      if (valueStart >= 0 && value === null)
        value = trimEnd(text, valueStart, i)
      expectKey = true
    }
  }
  return null
}

function trimEnd(text: string, start: number, end: number) {
  let e = end
  while (e > start && /\s/.test(text.charAt(e - 1))) e--
  return { start, end: e }
}

/**
 * Rewrites only the top-level `key` of the JSON text (e.g. after a form changed
 * `context_management`), keeping the user's formatting everywhere else and
 * avoiding a full re-stringify of a multi-megabyte request. Throws when the
 * text is not a JSON object (callers then re-stringify the whole request).
 */
export function patchTopLevelKey(
  text: string,
  key: string,
  value: unknown
): string {
  const scan = scanTopLevel(text, key)
  if (!scan) throw new Error("patchTopLevelKey needs a JSON object")
  if (value === undefined) return removeProperty(text, scan)
  const pretty = indentAfterFirstLine(JSON.stringify(value, null, 2), "  ")
  if (scan.value) {
    return text.slice(0, scan.value.start) + pretty + text.slice(scan.value.end)
  }
  // Insert as the last property, before the root's closing brace.
  let end = scan.close
  while (end > 0 && /\s/.test(text.charAt(end - 1))) end--
  const insertion = `${scan.hasProps ? "," : ""}\n  ${JSON.stringify(key)}: ${pretty}\n`
  return text.slice(0, end) + insertion + text.slice(scan.close)
}

/**
 * Removes the scanned property with its separating comma: the comma before it
 * when it is not the first property, else the one after it (with the space up
 * to the next key), so the neighbours keep their formatting.
 */
function removeProperty(text: string, scan: TopLevelScan): string {
  if (!scan.value) return text
  const before = skipSpaceBack(text, scan.keyStart)
  if (text.charCodeAt(before) === 44 /* , */)
    return text.slice(0, before) + text.slice(scan.value.end)
  const after = skipSpace(text, scan.value.end)
  if (text.charCodeAt(after) === 44 /* , */)
    return text.slice(0, scan.keyStart) + text.slice(skipSpace(text, after + 1))
  return text.slice(0, before + 1) + text.slice(scan.close)
}

/** Index of the last non-space character before `i`. */
function skipSpaceBack(text: string, i: number): number {
  let j = i - 1
  while (j > 0 && /\s/.test(text.charAt(j))) j--
  return j
}

/** Index of the first non-space character at or after `i`. */
function skipSpace(text: string, i: number): number {
  let j = i
  while (j < text.length && /\s/.test(text.charAt(j))) j++
  return j
}
