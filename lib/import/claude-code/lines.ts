import { deeperThan, findExcessiveDepth, MAX_JSON_DEPTH } from "../bounds"
import { isRecord, type Notes, plural, thousands } from "../notes"
import type { ImportError } from "../types"

/** One parsed line of a Claude Code transcript. */
export interface Entry {
  type: string
  uuid?: string
  parentUuid?: string | null
  isSidechain?: boolean
  agentId?: string
  isApiErrorMessage?: boolean
  message?: {
    role?: string
    content?: unknown
    model?: string
    id?: string
    usage?: Record<string, unknown>
  }
  summary?: string
  subtype?: string
  /** A compact boundary's link to the last entry before it. */
  logicalParentUuid?: string | null
  compactMetadata?: { trigger?: string; preTokens?: number }
  /** The user entry holding the summary a compaction wrote. */
  isCompactSummary?: boolean
  timestamp?: string
  /** 1-based line in the file. */
  line: number
}

/**
 * Unreadable lines tolerated before the text is judged not to be a
 * transcript (a few are normal: a crash can cut the last line short).
 */
export const MAX_BAD_LINES = 1000

/** The entries, and the 1-based numbers of the lines that were not entries. */
export interface ParsedLines {
  entries: Entry[]
  bad: number[]
}

/** A line's JSON value, or undefined when it is not JSON. */
function parsed(line: string): unknown {
  try {
    return JSON.parse(line) as unknown
  } catch {
    return undefined
  }
}

/** An entry, or null. */
function entryOf(value: unknown, lineNo: number): Entry | null {
  if (!isRecord(value) || typeof value.type !== "string") return null
  const entry = value as unknown as Entry & { toolUseResult?: unknown }
  entry.line = lineNo
  if (entry.toolUseResult !== undefined) entry.toolUseResult = undefined
  return entry
}

/**
 * Where a line nests deeper than the limit (-1: it does not). A line that
 * parsed is checked by walking its value (the native parser does not
 * recurse, and a walk visits values, not characters: many times faster
 * than scanning the text); one that did not, or a deep one (to locate it),
 * by scanning the text.
 */
function tooDeepAt(raw: string, value: unknown): number {
  if (value !== undefined && !deeperThan(value, MAX_JSON_DEPTH)) return -1
  return findExcessiveDepth(raw)
}

/** The lines of a text, without their newlines (the last one after a final newline too). */
function* textLines(text: string): Generator<string> {
  for (let start = 0; start <= text.length;) {
    const nl = text.indexOf("\n", start)
    const end = nl === -1 ? text.length : nl
    yield text.slice(start, end)
    start = end + 1
  }
}

/**
 * Parses the JSONL lines; bad lines are skipped and reported, and more than
 * {@link MAX_BAD_LINES} of them fail the import (located at the first).
 */
export function parseJsonLines(
  text: string,
  notes: Notes
): ParsedLines | ImportError {
  return parseLines(textLines(text), notes)
}

/**
 * The same from the lines themselves (a caller that decodes a file line by
 * line never holds it as one string: lib/fleet's terminal reading).
 */
export function parseLines(
  lines: Iterable<string>,
  notes: Notes
): ParsedLines | ImportError {
  const entries: Entry[] = []
  const bad: number[] = []
  let lineNo = 0
  for (const raw of lines) {
    const line = raw.trim()
    lineNo++
    if (line === "") continue
    // Cheap test first: a failed JSON.parse costs microseconds (it throws).
    const object = line.startsWith("{") && line.endsWith("}")
    const value = object ? parsed(line) : undefined
    // Nesting is checked per line: a line cut short must not leave an open
    // string or brackets that count against the lines after it.
    const deep = tooDeepAt(raw, value)
    if (deep !== -1)
      return {
        message: `Line ${lineNo} is nested more than ${MAX_JSON_DEPTH} levels deep.`,
        line: lineNo,
        column: deep + 1,
      }
    const entry = entryOf(value, lineNo)
    if (entry) {
      entries.push(entry)
      continue
    }
    bad.push(lineNo)
    if (bad.length > MAX_BAD_LINES)
      return {
        message: `More than ${thousands(MAX_BAD_LINES)} lines are not Claude Code transcript entries (the first is line ${bad[0]}), so this does not look like a session file.`,
        line: bad[0],
        column: 1,
      }
  }
  if (bad.length > 0)
    notes.warn(
      `Skipped ${plural(bad.length, "line")} that ${bad.length === 1 ? "is" : "are"} not a transcript entry (first at line ${bad[0]})`
    )
  return { entries, bad }
}
