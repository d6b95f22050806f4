/**
 * Re-parsing only what a text edit touched. A keystroke in a multi-megabyte
 * request usually changes one top-level value (e.g. `context_management`):
 * when the edited span lies inside one top-level value, only that value is
 * parsed and the others keep their identity, so the engine's per-messages
 * caches still hit and a keep change stays incremental.
 */
import { commonEnds, skipJsonString } from "@/lib/json/common-ends"

const QUOTE = 34

interface Entry {
  key: string
  start: number
  end: number
}

function parseKey(quoted: string): string | null {
  try {
    return JSON.parse(quoted) as string
  } catch {
    return null
  }
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9

function onlySpaceAfter(text: string, from: number): boolean {
  for (let j = from; j < text.length; j++)
    if (!isSpace(text.charCodeAt(j))) return false
  return true
}

/** Where each top-level value of a JSON object's text starts and ends. */
export function topLevelEntries(text: string): Entry[] | null {
  const out: Entry[] = []
  let depth = 0
  let key: string | null = null
  let start = -1
  const close = (i: number) => {
    let e = i
    while (e > start && isSpace(text.charCodeAt(e - 1))) e--
    if (key !== null && start >= 0) out.push({ key, start, end: e })
    key = null
    start = -1
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (depth === 0 && !isSpace(c) && c !== 123 /* { */) return null
    if (c === QUOTE) {
      const end = skipJsonString(text, i)
      if (depth === 1 && key === null) {
        key = parseKey(text.slice(i, end))
        if (key === null) return null
        let j = end
        while (j < text.length && text.charCodeAt(j) !== 58 /* : */) j++
        j++
        while (j < text.length && isSpace(text.charCodeAt(j))) j++
        start = j
        i = j - 1
        continue
      }
      i = end - 1
    } else if (c === 123 || c === 91 /* { [ */) {
      depth++
    } else if (c === 125 || c === 93 /* } ] */) {
      depth--
      if (depth === 0) {
        close(i)
        return onlySpaceAfter(text, i + 1) ? out : null
      }
    } else if (c === 44 /* , */ && depth === 1) {
      close(i)
    }
  }
  return null
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v)

/**
 * The request `nextText` describes, built from `prev` (the parse of
 * `prevText`) by re-parsing only the one top-level value the edit touched.
 * Null when that is not possible or not certain (the caller parses in full):
 * the edit spans several values or their keys, a key is duplicated, or the
 * touched value does not parse on its own.
 */
export function reparseTouchedValue(
  prevText: string,
  prev: unknown,
  nextText: string
): Record<string, unknown> | null {
  if (!isRecord(prev)) return null
  const [p, s] = commonEnds(prevText, nextText)
  const changeEnd = nextText.length - s
  const entries = topLevelEntries(nextText)
  if (!entries) return null
  const keys = new Set(entries.map((e) => e.key))
  if (keys.size !== entries.length) return null
  if (keys.size !== Object.keys(prev).length) return null
  const hit = entries.find((e) => e.start <= p && changeEnd <= e.end)
  if (!hit || !(hit.key in prev)) return null
  let value: unknown
  try {
    value = JSON.parse(nextText.slice(hit.start, hit.end))
  } catch {
    return null
  }
  return { ...prev, [hit.key]: value }
}
