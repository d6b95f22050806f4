import { MAX_JSON_DEPTH } from "../bounds"
import { type Token, tokenAt } from "./tokens"

/**
 * Python and TypeScript literal expressions → JSON values: dicts / object
 * literals, lists / arrays, tuples, strings (concatenated with `+` or, in
 * Python, by adjacency), numbers, True/False/None, true/false/null, and
 * variables the snippet assigns a literal to. Anything else (a call, an
 * attribute, an undefined variable) is UNKNOWN and reported, never guessed.
 */

export const UNKNOWN: unique symbol = Symbol("unknown")
export type Value = unknown

/** What the parser could not turn into a value. */
export interface Gaps {
  /** Variables referenced but not assigned a literal in the snippet. */
  undefinedVariables: Map<string, number>
  /** Expressions that are not literals (calls, attributes), by their text. */
  expressions: Array<{ text: string; at: number }>
  /** Strings with `{…}` / `${…}` holes, kept as written. */
  interpolated: number
}

const CONSTANTS: Record<string, unknown> = {
  True: true,
  False: false,
  None: null,
  true: true,
  false: false,
  null: null,
}
const CLOSERS: Record<string, string> = { "{": "}", "[": "]", "(": ")" }

export class LiteralParser {
  readonly gaps: Gaps = {
    undefinedVariables: new Map(),
    expressions: [],
    interpolated: 0,
  }
  private readonly resolving = new Set<string>()
  private readonly resolved = new Map<string, Value>()

  constructor(
    readonly text: string,
    /** Where each variable's assigned value starts. */
    private readonly variables: ReadonlyMap<string, number>
  ) {}

  token(at: number): Token {
    return tokenAt(this.text, at)
  }

  /** The value starting at `at`, and where it ends. */
  value(at: number, depth = 0): { value: Value; end: number } {
    if (depth > MAX_JSON_DEPTH) throw new RangeError("nested too deeply")
    const t = this.token(at)
    let result: { value: Value; end: number }
    if (t.kind === "punct" && t.value in CLOSERS)
      result = this.container(t, depth)
    else if (t.kind === "str") result = this.strings(t)
    else if (t.kind === "num") result = { value: number(t.value), end: t.end }
    else if (t.kind === "punct" && t.value === "-") {
      const inner = this.value(t.end, depth + 1)
      const n = inner.value
      result = { value: typeof n === "number" ? -n : UNKNOWN, end: inner.end }
    } else if (t.kind === "id") result = this.name(t, depth)
    else result = { value: UNKNOWN, end: t.end }
    return this.plus(result, depth)
  }

  /** `a + b` of two strings or two lists (after any `as const`). */
  private plus(
    left: { value: Value; end: number },
    depth: number
  ): { value: Value; end: number } {
    let { value, end } = left
    for (;;) {
      end = this.skipTypeTail(end)
      const op = this.token(end)
      if (op.kind !== "punct" || op.value !== "+") return { value, end }
      const right = this.value(op.end, depth + 1)
      end = right.end
      if (typeof value === "string" && typeof right.value === "string")
        value += right.value
      else if (Array.isArray(value) && Array.isArray(right.value))
        value = [...value, ...right.value]
      else value = UNKNOWN
    }
  }

  /** Skips a TypeScript `as const` / `as X` / `satisfies X` after a value. */
  private skipTypeTail(at: number): number {
    const t = this.token(at)
    if (t.kind !== "id" || (t.value !== "as" && t.value !== "satisfies"))
      return at
    return this.skipExpression(t.end)
  }

  /** Index after an expression's tokens, up to a `,` or closer at depth 0. */
  skipExpression(at: number): number {
    let depth = 0
    let pos = at
    for (;;) {
      const t = this.token(pos)
      if (t.kind === "end") return pos
      if (t.kind === "punct") {
        if (t.value in CLOSERS) depth++
        else if (t.value === "}" || t.value === "]" || t.value === ")") {
          if (depth === 0) return pos
          depth--
        } else if (t.value === "," && depth === 0) return pos
      }
      pos = t.end
    }
  }

  /** Adjacent strings (Python joins them). */
  private strings(first: Token): { value: Value; end: number } {
    let value = first.value
    let end = first.end
    if (first.interpolated) this.gaps.interpolated++
    for (;;) {
      const next = this.token(end)
      if (next.kind !== "str") return { value, end }
      if (next.interpolated) this.gaps.interpolated++
      value += next.value
      end = next.end
    }
  }

  /** A constant, a variable, or an expression the parser does not evaluate. */
  private name(t: Token, depth: number): { value: Value; end: number } {
    if (t.value in CONSTANTS) return { value: CONSTANTS[t.value], end: t.end }
    if (t.value === "undefined") return { value: UNKNOWN, end: t.end }
    const after = this.token(t.end)
    const plain =
      after.kind === "end" ||
      (after.kind === "punct" && ",)]}:+".includes(after.value)) ||
      (after.kind === "id" &&
        (after.value === "as" || after.value === "satisfies"))
    if (plain) return { value: this.variable(t, depth), end: t.end }
    const end = this.skipExpression(t.start)
    const text = this.text.slice(t.start, end).trim()
    this.gaps.expressions.push({
      text: text.length > 60 ? `${text.slice(0, 57)}…` : text,
      at: t.start,
    })
    return { value: UNKNOWN, end }
  }

  private variable(t: Token, depth: number): Value {
    const name = t.value
    if (this.resolved.has(name)) return this.resolved.get(name)
    const start = this.variables.get(name)
    if (start === undefined || this.resolving.has(name)) {
      if (!this.gaps.undefinedVariables.has(name))
        this.gaps.undefinedVariables.set(name, t.start)
      return UNKNOWN
    }
    this.resolving.add(name)
    const { value } = this.value(start, depth + 1)
    this.resolving.delete(name)
    this.resolved.set(name, value)
    return value
  }

  /** `{…}`, `[…]` or `(…)` starting at `open`. */
  private container(open: Token, depth: number): { value: Value; end: number } {
    const close = CLOSERS[open.value]!
    const items: Value[] = []
    const object: Record<string, Value> = {}
    let pos = open.end
    let commas = 0
    for (;;) {
      const t = this.token(pos)
      if (t.kind === "end") return { value: UNKNOWN, end: pos }
      if (t.kind === "punct" && t.value === close) {
        pos = t.end
        break
      }
      if (t.kind === "punct" && t.value === ",") {
        commas++
        pos = t.end
        continue
      }
      pos =
        open.value === "{"
          ? this.entry(t, object, depth)
          : this.item(t, items, depth)
    }
    if (open.value === "{") return { value: object, end: pos }
    if (open.value === "(" && commas === 0 && items.length === 1)
      return { value: items[0], end: pos } // parentheses, not a tuple
    return { value: items.filter((v) => v !== UNKNOWN), end: pos }
  }

  private item(t: Token, items: Value[], depth: number): number {
    const spread = this.spreadAt(t)
    const { value, end } = this.value(spread ?? t.start, depth + 1)
    if (spread !== undefined && Array.isArray(value)) items.push(...value)
    else items.push(value)
    return end
  }

  /** Where the value of a `...x` / `**x` / `*x` spread starts, if `t` is one. */
  private spreadAt(t: Token): number | undefined {
    if (t.kind !== "punct" || (t.value !== "." && t.value !== "*"))
      return undefined
    let pos = t.start
    while (this.text[pos] === t.value) pos++
    return pos
  }

  /** One `key: value` (or shorthand / spread) of an object literal. */
  private entry(t: Token, object: Record<string, Value>, depth: number) {
    const spread = this.spreadAt(t)
    if (spread !== undefined) {
      const { value, end } = this.value(spread, depth + 1)
      if (isPlainObject(value)) Object.assign(object, value)
      return end
    }
    const colon = this.token(t.end)
    if (colon.kind !== "punct" || colon.value !== ":") {
      // TypeScript shorthand `{ messages }`: the variable of that name.
      if (t.kind === "id") object[t.value] = this.variable(t, depth)
      return t.kind === "end" ? t.end : this.skipExpression(t.end)
    }
    const { value, end } = this.value(colon.end, depth + 1)
    if (t.kind === "str" || t.kind === "id" || t.kind === "num")
      object[t.value] = value
    return end
  }
}

function number(text: string): Value {
  const n = Number(text.replaceAll("_", ""))
  return Number.isFinite(n) ? n : UNKNOWN
}

export function isPlainObject(v: unknown): v is Record<string, Value> {
  return typeof v === "object" && v !== null && !Array.isArray(v)
}

/** A parsed value without the UNKNOWN holes (object keys dropped). */
export function withoutUnknown(value: Value): Value {
  if (Array.isArray(value))
    return value.filter((v) => v !== UNKNOWN).map(withoutUnknown)
  if (!isPlainObject(value)) return value
  const out: Record<string, Value> = {}
  for (const [k, v] of Object.entries(value))
    if (v !== UNKNOWN) out[k] = withoutUnknown(v)
  return out
}
