import { MAX_JSON_DEPTH } from "../bounds"
import type { Binding, Bindings, Mutation } from "./bindings"
import {
  emptyGaps,
  type Gap,
  type GapKind,
  type Gaps,
  MAX_GAPS,
  shortText,
} from "./gaps"
import {
  type Args,
  binary,
  Budget,
  callMethod,
  NOT_EVALUATED,
} from "./operators"
import { type Token, tokenAt } from "./tokens"

/**
 * The base of the literal reader: tokens, the gaps it records, variables
 * (resolved once per binding, with the lists their code grows), containers
 * (dicts / object literals, lists, tuples) and spreads. `literal.ts` adds
 * expressions on top.
 */

export const UNKNOWN: unique symbol = Symbol("unknown")
/** A `...` placeholder (Python's Ellipsis, the docs' `messages=[...]`). */
export const ELIDED: unique symbol = Symbol("elided")
export type Value = unknown

/** A value read from the text: where it starts and ends, and the gap log's length when it started. */
export interface Parsed {
  value: Value
  start: number
  end: number
  log: number
}

const CLOSERS: Record<string, string> = { "{": "}", "[": "]", "(": ")" }

/** What a gap may carry besides its text and place (see `gaps.ts`). */
type GapExtra = Pick<Gap, "length" | "list" | "kept" | "cause" | "why">

interface GapEvent extends Gap {
  kind: GapKind
}

export abstract class ValueReader {
  readonly gaps: Gaps = emptyGaps()
  protected readonly budget = new Budget()
  /** Every gap recorded, in order (a parse's `log` indexes into it). */
  protected readonly log: GapEvent[] = []
  private readonly resolving = new Set<Binding>()
  private readonly resolved = new Map<
    string,
    { value: Value; events: GapEvent[] }
  >()
  /** Where the outermost use being read is (the call argument that reached it). */
  private use: number | null = null
  private collectors: GapEvent[][] = []

  constructor(
    readonly text: string,
    protected readonly bindings: Bindings
  ) {}

  abstract value(at: number, depth?: number, statement?: boolean): Parsed
  /** The arguments of a call whose `(` is `open`. */
  abstract callArgs(open: Token, depth: number): Args & { end: number }

  token(at: number): Token {
    return tokenAt(this.text, at)
  }

  protected parsed(
    value: Value,
    start: number,
    end: number,
    log: number
  ): Parsed {
    return { value, start, end, log }
  }

  /** Records a gap (and in every variable being resolved, for reuse). */
  protected note(
    kind: GapKind,
    text: string,
    at: number,
    extra: GapExtra = {}
  ) {
    const list = this.gaps[kind] as GapEvent[]
    if (list.length >= MAX_GAPS) return
    const gap: GapEvent = {
      kind,
      text: shortText(text),
      at,
      use: this.use ?? at,
      ...extra,
    }
    for (const c of this.collectors) if (c.length < 50) c.push(gap)
    list.push(gap)
    this.log.push(gap)
  }

  /**
   * Marks what was not evaluated inside `parsed` as kept as written in a
   * string (said once, by the kept note); returns the first of it, the cause.
   */
  protected markKept(parsed: Parsed): Gap["cause"] {
    let cause: Gap["cause"]
    for (let i = parsed.log; i < this.log.length; i++) {
      const gap = this.log[i]!
      if (gap.kind !== "undefinedVariables" && gap.kind !== "expressions")
        continue
      gap.kept = true
      cause ??= {
        text: gap.text,
        at: gap.at,
        undefined: gap.kind === "undefinedVariables",
        ...(gap.why ? { why: gap.why } : {}),
      }
      cause = gap.cause ?? cause
    }
    return cause
  }

  /** Index after an expression's tokens, up to a `,` or closer at depth 0 (or a line end in a statement). */
  skipExpression(at: number, statement = false): number {
    let depth = 0
    let pos = at
    for (;;) {
      const t = this.token(pos)
      if (t.kind === "end") return pos
      if (
        statement &&
        depth === 0 &&
        pos > at &&
        /[\n;]/.test(this.text.slice(pos, t.start))
      )
        return pos
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

  /** Index after the bracket that closes `open` (or the end of the text). */
  protected skipBalanced(open: Token): number {
    let depth = 0
    let pos = open.start
    for (;;) {
      const t = this.token(pos)
      if (t.kind === "end") return pos
      if (t.kind === "punct" && t.value in CLOSERS) depth++
      else if (t.kind === "punct" && ")]}".includes(t.value) && --depth === 0)
        return t.end
      pos = t.end
    }
  }

  /** The value of variable `name` used at `at` (its binding, then the calls that grow it). */
  protected variable(name: string, at: number, depth: number): Value {
    let binding = this.bindings.at(name, at)
    // `x = x + 1`: the `x` on the right is the binding before this one.
    while (binding && this.resolving.has(binding))
      binding = this.bindings.before(binding)
    if (!binding) {
      this.note("undefinedVariables", name, at)
      return UNKNOWN
    }
    const outer = this.use === null
    if (outer) this.use = at
    try {
      let value = this.bound(binding, depth)
      for (const m of this.bindings.mutations(name, binding.at, at))
        value = this.grown(value, binding, m, depth)
      return value
    } finally {
      if (outer) this.use = null
    }
  }

  /** A binding's value, read once and replayed (with its gaps) on later uses. */
  private bound(binding: Binding, depth: number): Value {
    const key = `${binding.at}`
    const cached = this.resolved.get(key)
    if (cached) {
      for (const e of cached.events)
        this.note(e.kind, e.text, e.at, {
          length: e.length,
          list: e.list,
          kept: e.kept,
          cause: e.cause,
          why: e.why,
        })
      return cached.value
    }
    const events: GapEvent[] = []
    this.collectors.push(events)
    this.resolving.add(binding)
    let value: Value
    try {
      value = this.value(binding.valueStart, depth + 1, true).value
      if (binding.op !== "=") {
        const before = this.bindings.before(binding)
        const base = before ? this.bound(before, depth + 1) : UNKNOWN
        if (!before) this.note("undefinedVariables", binding.name, binding.at)
        const out = binary(binding.op, base, value, this.budget)
        if (out === NOT_EVALUATED && base !== UNKNOWN && value !== UNKNOWN)
          this.note(
            "expressions",
            this.text.slice(
              binding.at,
              this.skipExpression(binding.valueStart, true)
            ),
            binding.at
          )
        value = out === NOT_EVALUATED ? UNKNOWN : out
      }
    } finally {
      this.resolving.delete(binding)
      this.collectors.pop()
    }
    this.resolved.set(key, { value, events })
    return value
  }

  /** `value` after `name.append(…)` and the like (straight-line code only). */
  private grown(
    value: Value,
    binding: Binding,
    m: Mutation,
    depth: number
  ): Value {
    const open = this.token(m.open)
    if (m.indent > binding.indent) {
      // Inside a loop or a condition: how often it runs is not known here.
      this.note(
        "expressions",
        this.text.slice(m.at, this.skipBalanced(open)),
        m.at
      )
      return value
    }
    const args = this.callArgs(open, depth + 1)
    if (args.positional.includes(UNKNOWN)) return value // noted where it is
    const out = grow(value, m.method, args.positional)
    if (out !== NOT_EVALUATED) return out
    this.note("expressions", this.text.slice(m.at, args.end), m.at)
    return value
  }

  /** `{…}`, `[…]` or `(…)` starting at `open`. */
  protected container(open: Token, depth: number): Parsed {
    const log = this.log.length
    const close = CLOSERS[open.value]!
    const items: Value[] = []
    const object: Record<string | symbol, Value> = {}
    let pos = open.end
    let commas = 0
    for (;;) {
      const t = this.token(pos)
      if (t.kind === "end") return this.parsed(UNKNOWN, open.start, pos, log)
      if (t.kind === "punct" && t.value === close) {
        pos = t.end
        break
      }
      if (t.kind === "punct" && t.value === ",") {
        commas++
        pos = t.end
        continue
      }
      const next =
        open.value === "{"
          ? this.entry(t, object, depth)
          : this.item(t, items, depth)
      pos = Math.max(next, t.end)
    }
    if (open.value === "{") return this.parsed(object, open.start, pos, log)
    if (open.value === "(" && commas === 0 && items.length === 1)
      return this.parsed(items[0], open.start, pos, log) // parentheses, not a tuple
    return this.parsed(
      items.filter((v) => v !== UNKNOWN),
      open.start,
      pos,
      log
    )
  }

  private item(t: Token, items: Value[], depth: number): number {
    const spread = this.spreadAt(t)
    const { value, end } = this.value(spread ?? t.start, depth + 1)
    if (spread !== undefined && Array.isArray(value)) items.push(...value)
    else items.push(value)
    return end
  }

  /** Where the value of a `...x` / `**x` / `*x` spread starts, if `t` is one (`...` alone is a placeholder). */
  private spreadAt(t: Token): number | undefined {
    if (t.kind !== "punct" || (t.value !== "." && t.value !== "*"))
      return undefined
    let pos = t.start
    while (this.text[pos] === t.value) pos++
    const after = this.token(pos)
    if (
      t.value === "." &&
      after.kind === "punct" &&
      ",)]}".includes(after.value)
    )
      return undefined
    return pos
  }

  /** One `key: value` (or shorthand / spread / `...`) of an object literal. */
  private entry(
    t: Token,
    object: Record<string | symbol, Value>,
    depth: number
  ) {
    const spread = this.spreadAt(t)
    if (spread !== undefined) {
      const { value, end } = this.value(spread, depth + 1)
      if (isPlainObject(value)) Object.assign(object, value)
      return end
    }
    if (t.kind === "punct" && t.value === ".") {
      const { end } = this.value(t.start, depth + 1) // `{...}`: a placeholder
      object[ELIDED] = true
      return end
    }
    const colon = this.token(t.end)
    if (colon.kind !== "punct" || colon.value !== ":") {
      // TypeScript shorthand `{ messages }`: the variable of that name.
      if (t.kind === "id")
        object[t.value] = this.variable(t.value, t.start, depth)
      return t.kind === "end" ? t.end : this.skipExpression(t.end)
    }
    const { value, end } = this.value(colon.end, depth + 1)
    if (t.kind === "str" || t.kind === "id" || t.kind === "num")
      object[t.value] = value
    return end
  }

  protected checkDepth(depth: number) {
    if (depth > MAX_JSON_DEPTH) throw new RangeError("nested too deeply")
  }

  /** `callMethod` through the reader's budget. */
  protected method(
    receiver: Value,
    name: string,
    positional: Value[],
    keywords: Record<string, Value>
  ) {
    return callMethod(receiver, name, { positional, keywords }, this.budget)
  }
}

/** A list or dict after one of the calls that grow it in place. */
function grow(value: Value, method: string, items: Value[]): Value {
  if (Array.isArray(value)) {
    if (method === "append" || method === "push") return [...value, ...items]
    if (method === "extend" && Array.isArray(items[0]))
      return [...value, ...items[0]]
    if (method === "unshift") return [...items, ...value]
    if (method === "insert" && items.length === 2 && items[0] === 0)
      return [items[1], ...value]
  }
  if (method === "update" && isPlainObject(value) && isPlainObject(items[0]))
    return { ...value, ...items[0] }
  return NOT_EVALUATED
}

export function isPlainObject(v: unknown): v is Record<string, Value> {
  return typeof v === "object" && v !== null && !Array.isArray(v)
}
