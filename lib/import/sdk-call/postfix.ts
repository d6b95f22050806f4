import {
  type Args,
  callFunction,
  isKnownFunction,
  KNOWN_METHODS,
  NOT_EVALUATED,
  subscript,
} from "./operators"
import {
  ELIDED,
  isPlainObject,
  type Parsed,
  UNKNOWN,
  type Value,
  ValueReader,
} from "./reader"
import type { Token } from "./tokens"

/**
 * What follows a value or a name: `.method(…)`, `.attribute`, `(…)`,
 * `[i]` / `[a:b]`, a call's arguments (Python keywords by name). The
 * expression layer (`literal.ts`) builds on it.
 */

export const isPunct = (t: Token, chars: string) =>
  t.kind === "punct" && chars.includes(t.value)
export const hasUnknown = (values: Value[]) =>
  values.some((v) => v === UNKNOWN || v === ELIDED)

/** `value.name`: a string's or list's `length`, an object literal's property (JavaScript). */
function attribute(value: Value, name: string): Value {
  if (name === "length" && (typeof value === "string" || Array.isArray(value)))
    return value.length
  if (isPlainObject(value) && Object.hasOwn(value, name)) return value[name]
  return UNKNOWN
}

export abstract class PostfixReader extends ValueReader {
  /**
   * `.method(…)`, `.attribute`, `(…)`, `[…]` after a value, or after a
   * dotted name the snippet does not bind (`path`: a module or a function).
   */
  protected postfix(
    base: Parsed,
    depth: number,
    path: string | null = null
  ): Parsed {
    let { value, end } = base
    let unsupported = false
    const stop = () => {
      unsupported = true
      value = UNKNOWN
    }
    for (let t = this.token(end); t.kind === "punct"; t = this.token(end)) {
      if (t.value === "." && !this.text.startsWith("...", t.start)) {
        const id = this.token(t.end)
        if (id.kind !== "id") break
        const open = this.token(id.end)
        const call = isPunct(open, "(")
        end = id.end
        if (path !== null) {
          path = `${path}.${id.value}`
          if (!call) continue
          ;({ value, end } = this.callNamed(path, open, depth))
          if (value === NOT_EVALUATED) stop()
          path = null
        } else if (!call) {
          const v = value
          value = attribute(v, id.value)
          if (value === UNKNOWN && v !== UNKNOWN) stop()
        } else {
          ;({ value, end } = this.callOn(
            value,
            id.value,
            open,
            depth,
            base.start
          ))
          if (value === NOT_EVALUATED) stop()
        }
      } else if (t.value === "(") {
        if (path !== null) ({ value, end } = this.callNamed(path, t, depth))
        else end = this.skipBalanced(t)
        if (path === null || value === NOT_EVALUATED) stop()
        path = null
      } else if (t.value === "[" && path === null) {
        ;({ value, end } = this.index(value, t, depth))
        if (value === NOT_EVALUATED) stop()
      } else break
    }
    if (path !== null && path.includes("."))
      stop() // `os.environ`, `response.content`
    else if (path !== null) value = this.variable(path, base.start, depth)
    if (unsupported)
      this.note("expressions", this.text.slice(base.start, end), base.start)
    return this.parsed(value, base.start, end, base.log)
  }

  /** `path(…)` for the functions `operators.ts` knows (else NOT_EVALUATED). */
  private callNamed(path: string, open: Token, depth: number) {
    if (!isKnownFunction(path))
      return { value: NOT_EVALUATED as Value, end: this.skipBalanced(open) }
    const args = this.callArgs(open, depth + 1)
    if (hasUnknown([...args.positional, ...Object.values(args.keywords)]))
      return { value: UNKNOWN as Value, end: args.end }
    return { value: callFunction(path, args, this.budget), end: args.end }
  }

  /** `receiver.name(…)` for the methods `operators.ts` knows (else NOT_EVALUATED). */
  private callOn(
    receiver: Value,
    name: string,
    open: Token,
    depth: number,
    start: number
  ) {
    if (receiver === UNKNOWN || receiver === ELIDED)
      return { value: UNKNOWN as Value, end: this.skipBalanced(open) }
    if (!KNOWN_METHODS.has(name))
      return { value: NOT_EVALUATED as Value, end: this.skipBalanced(open) }
    const args = this.callArgs(open, depth + 1)
    if (hasUnknown(args.positional))
      return { value: UNKNOWN as Value, end: args.end }
    const value = this.method(receiver, name, args.positional, args.keywords)
    const built = name === "repeat" || name === "join" || name === "fill"
    if (built && (typeof value === "string" || Array.isArray(value)))
      this.note("built", this.text.slice(start, args.end), start, {
        length: value.length,
        list: Array.isArray(value),
      })
    return { value, end: args.end }
  }

  /** `value[i]` / `value[a:b]`. */
  private index(value: Value, open: Token, depth: number) {
    const first = this.token(open.end)
    const from = isPunct(first, ":")
      ? undefined
      : this.value(open.end, depth + 1)
    let pos = from?.end ?? first.start
    let to: Parsed | undefined
    const colon = this.token(pos)
    const slice = isPunct(colon, ":")
    if (slice) {
      const after = this.token(colon.end)
      to = isPunct(after, "]") ? undefined : this.value(colon.end, depth + 1)
      pos = to?.end ?? after.start
    }
    const close = this.token(pos)
    const end = isPunct(close, "]") ? close.end : this.skipBalanced(open)
    const parts = [value, from?.value, to?.value]
    if (hasUnknown(parts) || !isPunct(close, "]"))
      return { value: UNKNOWN as Value, end }
    const out = slice
      ? subscript(value, from?.value, to?.value)
      : subscript(value, from?.value)
    return { value: out as Value, end }
  }

  /** The arguments of a call whose `(` is `open` (Python keywords by name). */
  callArgs(open: Token, depth: number): Args & { end: number } {
    const positional: Value[] = []
    const keywords: Record<string, Value> = {}
    let pos = open.end
    for (;;) {
      const t = this.token(pos)
      if (t.kind === "end") return { positional, keywords, end: pos }
      if (isPunct(t, ")")) return { positional, keywords, end: t.end }
      if (isPunct(t, ",")) {
        pos = t.end
        continue
      }
      const eq = this.token(t.end)
      const keyword =
        t.kind === "id" && isPunct(eq, "=") && this.text[eq.end] !== "="
      const spread = isPunct(t, "*.")
      const r = this.value(keyword ? eq.end : t.start, depth + 1)
      if (keyword) keywords[t.value] = r.value
      else positional.push(spread ? UNKNOWN : r.value)
      pos = Math.max(r.end, t.end)
    }
  }
}
