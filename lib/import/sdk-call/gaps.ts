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
}

export interface Gaps {
  /** Variables referenced but not bound in the snippet (`text` is the name). */
  undefinedVariables: Array<Gap & { kept?: boolean }>
  /** Expressions not evaluated (calls, attributes, comprehensions): left out. */
  expressions: Gap[]
  /** Parts of a string not evaluated, kept as written (`{expr}`). */
  kept: Gap[]
  /** `...` placeholders (the docs' `messages=[...]`). */
  elided: Gap[]
  /** Strings and lists the code builds, evaluated (`"ok " * 500`). */
  built: Array<Gap & { length: number }>
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
