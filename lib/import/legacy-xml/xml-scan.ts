/**
 * Tag scanning for the legacy tool-use format. Not an XML parser on purpose:
 * values are raw (unescaped) text and may contain `<`, so elements are found
 * by matching an opening tag to the next closing tag of the same name
 * (non-greedy). All scans are linear: no nested quantifiers.
 */

/** An opening or closing tag found in the text. */
export interface TagMatch {
  start: number
  end: number
  /** Attribute text of an opening tag (e.g. ` name="get_weather"`). */
  attributes: string
}

const cache = new Map<string, RegExp>()

function tagPattern(name: string, closing: boolean): RegExp {
  const key = `${closing ? "/" : ""}${name}`
  let re = cache.get(key)
  if (!re) {
    // An optional namespace prefix (`<ns:invoke>`) is accepted leniently.
    re = closing
      ? new RegExp(`</(?:[A-Za-z][\\w-]*:)?${name}\\s*>`, "g")
      : new RegExp(`<(?:[A-Za-z][\\w-]*:)?${name}(\\s[^<>]*)?>`, "g")
    cache.set(key, re)
  }
  re.lastIndex = 0
  return re
}

/** The first opening or closing `name` tag at or after `from`. */
function findTag(
  text: string,
  name: string,
  closing: boolean,
  from: number
): TagMatch | null {
  const re = tagPattern(name, closing)
  re.lastIndex = from
  const m = re.exec(text)
  if (!m) return null
  // A closing tag's pattern has no attributes group.
  return { start: m.index, end: m.index + m[0].length, attributes: m[1] ?? "" }
}

/** The first `<name …>` at or after `from`. */
export const findOpen = (text: string, name: string, from = 0) =>
  findTag(text, name, false, from)

/** The first `</name>` at or after `from`. */
export const findClose = (text: string, name: string, from = 0) =>
  findTag(text, name, true, from)

/**
 * Repeated `findOpen` / `findClose` on one text with positions that only
 * move forward, each answered without rescanning: a match found once is
 * reused until the position passes it, and "none after here" sticks. This
 * keeps a scanner linear when tags are unbalanced (an unclosed tag repeated
 * would otherwise make every step search to the end of the text).
 */
export class TagFinder {
  private readonly memo = new Map<
    string,
    { from: number; hit: TagMatch | null }
  >()

  constructor(private readonly text: string) {}

  open(name: string, from: number): TagMatch | null {
    return this.find(name, false, from)
  }

  close(name: string, from: number): TagMatch | null {
    return this.find(name, true, from)
  }

  private find(name: string, closing: boolean, from: number) {
    const key = `${closing ? "/" : ""}${name}`
    const known = this.memo.get(key)
    if (
      known &&
      from >= known.from &&
      (known.hit === null || known.hit.start >= from)
    )
      return known.hit
    const hit = closing
      ? findClose(this.text, name, from)
      : findOpen(this.text, name, from)
    this.memo.set(key, { from, hit })
    return hit
  }
}

/** An element: its inner text and where it sits. `closed` false = ran to `limit`. */
export interface Element {
  start: number
  end: number
  inner: string
  attributes: string
  closed: boolean
}

/**
 * Every `<name>…</name>` in `text` (non-nested, non-greedy). An element whose
 * closing tag is missing runs to the next opening tag of the same name or
 * the end, and is reported with `closed: false`.
 */
export function elements(text: string, name: string): Element[] {
  const out: Element[] = []
  // Cached look-aheads keep this linear when tags are unbalanced: a closing
  // tag found once is reused until passed, and "no more closing tags" sticks.
  let close: TagMatch | null | undefined
  let nextOpen = findOpen(text, name, 0)
  while (nextOpen) {
    const open = nextOpen
    nextOpen = findOpen(text, name, open.end)
    if (close !== null && (close === undefined || close.start < open.end)) {
      close = findClose(text, name, open.end)
    }
    if (close && (!nextOpen || close.start < nextOpen.start)) {
      out.push({
        start: open.start,
        end: close.end,
        inner: text.slice(open.end, close.start),
        attributes: open.attributes,
        closed: true,
      })
      if (nextOpen && nextOpen.start < close.end) {
        nextOpen = findOpen(text, name, close.end)
      }
    } else {
      const end = nextOpen ? nextOpen.start : text.length
      out.push({
        start: open.start,
        end,
        inner: text.slice(open.end, end),
        attributes: open.attributes,
        closed: false,
      })
    }
  }
  return out
}

/** Inner text of the first `<name>` element, trimmed; undefined if absent. */
export function firstInner(text: string, name: string): string | undefined {
  const open = findOpen(text, name)
  if (!open) return undefined
  const close = findClose(text, name, open.end)
  return text.slice(open.end, close ? close.start : text.length).trim()
}

const attributePatterns = new Map<string, RegExp>()

/** Value of `attr="…"` (or single quotes) in an attribute string. */
export function attribute(
  attributes: string,
  attr: string
): string | undefined {
  let re = attributePatterns.get(attr)
  if (!re) {
    re = new RegExp(`\\b${attr}\\s*=\\s*("([^"]*)"|'([^']*)')`)
    attributePatterns.set(attr, re)
  }
  const m = re.exec(attributes)
  return m ? (m[2] ?? m[3]) : undefined
}

/** Child elements in document order: `[name, inner]` pairs, matched `<x>` to the next `</x>`. */
export function childPairs(text: string): {
  pairs: Array<[string, string]>
  stray: string[]
  unclosed: string[]
} {
  const pairs: Array<[string, string]> = []
  const stray: string[] = []
  const unclosed: string[] = []
  const open = /<([A-Za-z_][\w.-]*)>/g
  let pos = 0
  for (;;) {
    open.lastIndex = pos
    const m = open.exec(text)
    if (!m) break
    const between = text.slice(pos, m.index).trim()
    if (between !== "") stray.push(between)
    const name = m[1] ?? ""
    const closeTag = `</${name}>`
    const valueStart = m.index + m[0].length
    const close = text.indexOf(closeTag, valueStart)
    if (close === -1) {
      unclosed.push(name)
      pairs.push([name, text.slice(valueStart)])
      pos = text.length
      break
    }
    pairs.push([name, text.slice(valueStart, close)])
    pos = close + closeTag.length
  }
  const tail = text.slice(pos).trim()
  if (tail !== "") stray.push(tail)
  return { pairs, stray, unclosed }
}
