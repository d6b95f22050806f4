/**
 * What reading a snippet's values left out or built, each with where it is
 * written (`at`) and the use in a call it was reached from (`use`: a value
 * defined above the call is reported for each call that reads it).
 */

export interface Gap {
  /** The expression as written (shortened). */
  text: string
  at: number
  use: number
  /** A built string's size (characters), or a list's (`list`: items). */
  length?: number
  list?: boolean
  /** Not evaluated, but kept as written inside a string (said by the kept note). */
  kept?: boolean
  /** For a kept part: what in it was not evaluated. */
  cause?: { text: string; at: number; undefined: boolean; why?: string }
  /** Why it was not evaluated, when that is not "it runs as code". */
  why?: string
}

export interface Gaps {
  /** Variables referenced but not bound in the snippet (`text` is the name). */
  undefinedVariables: Gap[]
  /** Expressions not evaluated (calls, attributes, comprehensions): left out, or `kept` inside a string kept as written. */
  expressions: Gap[]
  /** Parts of a string not evaluated, kept as written (`{expr}`). */
  kept: Gap[]
  /** `...` placeholders (the docs' `messages=[...]`). */
  elided: Gap[]
  /** Strings and lists the code builds, evaluated (`"ok " * 500`). */
  built: Gap[]
}

export type GapKind = keyof Gaps

export const emptyGaps = (): Gaps => ({
  undefinedVariables: [],
  expressions: [],
  kept: [],
  elided: [],
  built: [],
})

/** Most gaps of one kind kept (a hostile snippet cannot flood memory). */
export const MAX_GAPS = 1000

/** The gaps reached from a use inside `[from, to)` (one call of a page). */
export function gapsWithin(gaps: Gaps, from: number, to: number): Gaps {
  const inside = (g: Gap) => g.use >= from && g.use < to
  return {
    undefinedVariables: gaps.undefinedVariables.filter(inside),
    expressions: gaps.expressions.filter(inside),
    kept: gaps.kept.filter(inside),
    elided: gaps.elided.filter(inside),
    built: gaps.built.filter(inside),
  }
}

/** `text` shortened for a note. */
export function shortText(text: string): string {
  const one = text.trim().replace(/\s+/g, " ")
  return one.length > 60 ? `${one.slice(0, 57)}…` : one
}
