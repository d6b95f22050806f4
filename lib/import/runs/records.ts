import { findExcessiveDepth, MAX_JSON_DEPTH } from "../bounds"
import { isRecord, type Notes, plural } from "../notes"
import type { ImportError } from "../types"

/**
 * The records of a run file: a JSON array of objects, one JSON object, or
 * JSONL (one object a line; a line that is not one is skipped, counted and
 * located). Each record says where it was, for notes.
 */
export interface RunRecord {
  value: Record<string, unknown>
  /** 1-based line (JSONL) or item (array), 0 for a single object. */
  at: number
  where: string
}

/** Bad lines tolerated before the text is judged not to be this format. */
const MAX_BAD_LINES = 1000

function parseLine(line: string): Record<string, unknown> | null {
  if (!line.startsWith("{") || !line.endsWith("}")) return null
  try {
    const v: unknown = JSON.parse(line)
    return isRecord(v) ? v : null
  } catch {
    return null
  }
}

/** JSONL: one object per line. */
function jsonLines(
  text: string,
  notes: Notes,
  what: string
): RunRecord[] | ImportError {
  const out: RunRecord[] = []
  const bad: number[] = []
  let lineNo = 0
  for (let start = 0; start <= text.length;) {
    const nl = text.indexOf("\n", start)
    const end = nl === -1 ? text.length : nl
    const raw = text.slice(start, end)
    start = end + 1
    lineNo++
    const line = raw.trim()
    if (line === "") continue
    const deep = findExcessiveDepth(raw)
    if (deep !== -1)
      return {
        message: `Line ${lineNo} is nested more than ${MAX_JSON_DEPTH} levels deep.`,
        line: lineNo,
        column: deep + 1,
      }
    const value = parseLine(line)
    if (value) out.push({ value, at: lineNo, where: `line ${lineNo}` })
    else if (bad.push(lineNo) > MAX_BAD_LINES)
      return {
        message: `More than ${MAX_BAD_LINES} lines are not ${what} (the first is line ${bad[0]}).`,
        line: bad[0],
        column: 1,
      }
  }
  if (bad.length > 0)
    notes.warn(
      `Skipped ${plural(bad.length, "line")} that ${bad.length === 1 ? "is" : "are"} not one JSON object (first at line ${bad[0]})`
    )
  return out
}

/**
 * The records of `text`; `parsed` is the value when the whole text was
 * already parsed as JSON (an array or one object).
 */
export function readRecords(
  text: string,
  parsed: unknown,
  notes: Notes,
  what: string
): RunRecord[] | ImportError {
  if (Array.isArray(parsed))
    return parsed.flatMap((v, i) =>
      isRecord(v) ? [{ value: v, at: i + 1, where: `item ${i + 1}` }] : []
    )
  if (isRecord(parsed)) return [{ value: parsed, at: 0, where: "the record" }]
  return jsonLines(text, notes, what)
}
