import { binary, jsString, NOT_EVALUATED } from "./operators"
import { hasUnknown, isPunct, PostfixReader } from "./postfix"
import { pyFormatSpec, pyRepr, pyStr } from "./python-text"
import {
  ELIDED,
  isPlainObject,
  type Parsed,
  UNKNOWN,
  type Value,
} from "./reader"
import type { StringPart, Token } from "./tokens"

/**
 * Python and TypeScript expressions → JSON values, as far as the snippet
 * spells them out: literals (dicts / object literals, lists, tuples, strings
 * in every quote style, numbers, True/False/None), variables the snippet
 * binds, and the string building docs and users write — `+` and `*` on
 * strings and lists, f-strings and template literals, `.repeat`, `.join`,
 * `.format`, `str()`, `textwrap.dedent`, `json.dumps`… (`operators.ts`).
 * Nothing is run; what is not evaluated is UNKNOWN and recorded in `gaps`
 * (left out, or kept as written inside a string), never guessed.
 */

export { ELIDED, isPlainObject, UNKNOWN, type Value }
export type { Gaps } from "./gaps"

const CONSTANTS: Record<string, unknown> = {
  True: true,
  False: false,
  None: null,
  true: true,
  false: false,
  null: null,
}
/** Words that start an expression this reader does not evaluate. */
const KEYWORDS = new Set([
  "lambda",
  "not",
  "typeof",
  "function",
  "async",
  "yield",
  "if",
  "for",
])
const TERMINATORS = ",)]}:;"

export class LiteralParser extends PostfixReader {
  /** The value starting at `at`: a whole expression, up to a `,`, a closer or (in a statement) the line's end. */
  value(at: number, depth = 0, statement = false): Parsed {
    this.checkDepth(depth)
    const first = this.token(at)
    const r = this.additive(at, depth)
    const end = this.skipTypeTail(r.end)
    if (this.terminates(end, statement)) return { ...r, end }
    // Something follows that is not evaluated (a condition, a comprehension).
    const stop = this.skipExpression(first.start, statement)
    this.note("expressions", this.text.slice(first.start, stop), first.start)
    return this.parsed(UNKNOWN, first.start, Math.max(stop, r.end), r.log)
  }

  private terminates(end: number, statement: boolean): boolean {
    const t = this.token(end)
    if (t.kind === "end" || isPunct(t, TERMINATORS)) return true
    return statement && /[\n;]/.test(this.text.slice(end, t.start))
  }

  /** Skips a TypeScript `as const` / `as X` / `satisfies X` after a value. */
  private skipTypeTail(at: number): number {
    const t = this.token(at)
    if (t.kind !== "id" || (t.value !== "as" && t.value !== "satisfies"))
      return at
    return this.skipExpression(t.end)
  }

  /** The operator token at `at` if it is one of `ops` (not `op=`, not `**` for `*`). */
  private operator(at: number, ops: string): Token | null {
    const t = this.token(at)
    if (t.kind !== "punct" || !ops.includes(t.value)) return null
    const next = this.text[t.end]
    if (next === "=" || (t.value !== "*" && next === t.value)) return null
    if (t.value === "*" && next === "*") return ops.includes("^") ? t : null
    return t
  }

  private additive(at: number, depth: number): Parsed {
    let left = this.multiplicative(at, depth)
    for (;;) {
      const end = this.skipTypeTail(left.end)
      const op = this.operator(end, "+-")
      if (!op) return { ...left, end }
      left = this.combine(
        op.value,
        left,
        this.multiplicative(op.end, depth + 1)
      )
    }
  }

  private multiplicative(at: number, depth: number): Parsed {
    let left = this.unary(at, depth)
    for (;;) {
      const op = this.operator(left.end, "*/%")
      if (!op) return left
      left = this.combine(op.value, left, this.unary(op.end, depth + 1))
    }
  }

  private unary(at: number, depth: number): Parsed {
    const t = this.token(at)
    if (!isPunct(t, "-+") || this.text[t.end] === t.value)
      return this.power(at, depth)
    const inner = this.unary(t.end, depth + 1)
    const n = inner.value
    if (typeof n === "number")
      return { ...inner, start: t.start, value: t.value === "-" ? -n : n }
    if (n !== UNKNOWN)
      this.note("expressions", this.text.slice(t.start, inner.end), t.start)
    return { ...inner, start: t.start, value: UNKNOWN }
  }

  private power(at: number, depth: number): Parsed {
    const base = this.postfix(this.primary(at, depth), depth)
    const op = this.operator(base.end, "*^")
    if (!op || this.text[op.end] !== "*") return base
    return this.combine("**", base, this.unary(op.end + 1, depth + 1))
  }

  /** `left op right`: evaluated, or kept as written in a string, or UNKNOWN (noted). */
  private combine(op: string, left: Parsed, right: Parsed): Parsed {
    const text = this.text.slice(left.start, right.end)
    const span = (value: Value) =>
      this.parsed(value, left.start, right.end, left.log)
    if (hasUnknown([left.value, right.value])) {
      const strings =
        typeof left.value === "string" || typeof right.value === "string"
      return span(
        op === "+" && strings
          ? this.written(left) + this.written(right)
          : UNKNOWN
      )
    }
    const out = binary(op, left.value, right.value, this.budget)
    if (out === NOT_EVALUATED) {
      this.note("expressions", text, left.start, {
        why: whyNot(op, left.value, right.value, this.budget.left),
      })
      return span(UNKNOWN)
    }
    if (op === "*" && (typeof out === "string" || Array.isArray(out)))
      this.note("built", text, left.start, {
        length: out.length,
        list: Array.isArray(out),
      })
    return span(out)
  }

  /** A string operand as it is, or an unevaluated one as `{expr}` (noted). */
  private written(p: Parsed): string {
    if (typeof p.value === "string") return p.value
    const expr = this.text.slice(p.start, p.end).trim()
    const cause = this.markKept(p)
    this.note("kept", expr, p.start, { cause })
    return `{${expr}}`
  }

  private primary(at: number, depth: number): Parsed {
    this.checkDepth(depth)
    const t = this.token(at)
    const log = this.log.length
    if (isPunct(t, "{[(")) return this.container(t, depth)
    if (t.kind === "str") return this.strings(t, depth)
    if (t.kind === "num")
      return this.parsed(number(t.value), t.start, t.end, log)
    if (t.kind === "punct" && this.text.startsWith("...", t.start)) {
      this.note("elided", "...", t.start)
      return this.parsed(ELIDED, t.start, t.start + 3, log)
    }
    if (t.kind === "id") return this.name(t, depth)
    const stay = t.kind === "end" || isPunct(t, TERMINATORS)
    return this.parsed(UNKNOWN, t.start, stay ? t.start : t.end, log)
  }

  /** A constant, a keyword, a variable, or a dotted name / call (`json.dumps(…)`). */
  private name(t: Token, depth: number): Parsed {
    const log = this.log.length
    if (t.value in CONSTANTS)
      return this.parsed(CONSTANTS[t.value], t.start, t.end, log)
    if (t.value === "undefined")
      return this.parsed(UNKNOWN, t.start, t.end, log)
    if (t.value === "new" || t.value === "await")
      return {
        ...this.postfix(this.primary(t.end, depth + 1), depth),
        start: t.start,
      }
    if (KEYWORDS.has(t.value)) return this.parsed(UNKNOWN, t.start, t.end, log)
    const next = this.token(t.end)
    const chained =
      isPunct(next, ".(") && !this.text.startsWith("...", next.start)
    if (this.bindings.has(t.value) || !chained) {
      const value = this.variable(t.value, t.start, depth)
      return this.parsed(value, t.start, t.end, log)
    }
    return this.postfix(
      this.parsed(UNKNOWN, t.start, t.end, log),
      depth,
      t.value
    )
  }

  /** Adjacent strings (Python joins them), each with its holes evaluated. */
  private strings(first: Token, depth: number): Parsed {
    const log = this.log.length
    let value = ""
    let end = first.start
    for (let t = first; t.kind === "str"; t = this.token(end)) {
      value += t.parts
        ? this.interpolate(t.parts, this.text[t.start] === "`", depth)
        : t.value
      end = t.end
    }
    return this.parsed(value, first.start, end, log)
  }

  private interpolate(parts: StringPart[], js: boolean, depth: number): string {
    let out = ""
    for (const part of parts)
      out += typeof part === "string" ? part : this.hole(part, js, depth)
    return out
  }

  /** One `{expr}` / `${expr}` hole: its value as text, or kept as written (noted). */
  private hole(
    part: Exclude<StringPart, string>,
    js: boolean,
    depth: number
  ): string {
    const r = this.additive(part.start, depth + 1)
    const rest = this.text.slice(Math.min(r.end, part.end), part.end)
    const m = js
      ? /^\s*$/.exec(rest)
      : /^\s*(=)?\s*(?:!([rs]))?(?::([^{}]*))?$/.exec(rest)
    let text: string | typeof NOT_EVALUATED = NOT_EVALUATED
    if (m && r.end <= part.end && !hasUnknown([r.value])) {
      const [, self, conv, spec] = m
      const shown =
        conv === "r" || (self && !conv && spec === undefined)
          ? pyRepr(r.value)
          : js
            ? jsString(r.value)
            : pyStr(r.value)
      text =
        spec !== undefined && shown !== NOT_EVALUATED
          ? pyFormatSpec(conv ? shown : r.value, spec)
          : shown
      if (self && text !== NOT_EVALUATED)
        text =
          this.text
            .slice(part.start, part.end)
            .replace(/![rs]?(:.*)?$|:.*$/, "") + text
    }
    if (text !== NOT_EVALUATED) return text
    const cause = this.markKept(r)
    this.note("kept", part.raw, part.start, { cause })
    return part.raw
  }
}

/** Why `a op b` was not evaluated, when it is the size limit (else undefined: it runs as code). */
function whyNot(
  op: string,
  a: Value,
  b: Value,
  left: number
): string | undefined {
  const size = (v: Value) =>
    typeof v === "string" || Array.isArray(v) ? v.length : null
  const n = typeof b === "number" ? b : typeof a === "number" ? a : null
  const unit = size(a) ?? size(b)
  if (op !== "*" || n === null || unit === null || !(unit * n > left))
    return undefined
  return "it would build more than the import takes (20 MB of text)"
}

function number(text: string): Value {
  const n = Number(text.replaceAll("_", ""))
  return Number.isFinite(n) ? n : UNKNOWN
}

/** A parsed value without the UNKNOWN holes and `...` placeholders (object keys dropped). */
export function withoutUnknown(value: Value): Value {
  if (Array.isArray(value))
    return value
      .filter((v) => v !== UNKNOWN && v !== ELIDED)
      .map(withoutUnknown)
  if (!isPlainObject(value)) return value
  const out: Record<string, Value> = {}
  for (const [k, v] of Object.entries(value))
    if (v !== UNKNOWN && v !== ELIDED) out[k] = withoutUnknown(v)
  return out
}
