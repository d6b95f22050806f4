// Source-code literals for a JSON value, in Python and JavaScript syntax.
// Strings are written with JSON.stringify: its escapes (\" \\ \n \t \uXXXX
// …) mean the same in Python and JS string literals, and it never emits a
// raw line break, so the output cannot end a string early.

const WIDTH = 72

type Syntax = "python" | "javascript" | "json"

const JS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

function scalar(value: unknown, syntax: Syntax): string {
  if (value === null) return syntax === "python" ? "None" : "null"
  if (value === true) return syntax === "python" ? "True" : "true"
  if (value === false) return syntax === "python" ? "False" : "false"
  return JSON.stringify(value) ?? (syntax === "python" ? "None" : "null")
}

function key(name: string, syntax: Syntax): string {
  if (syntax !== "javascript") return JSON.stringify(name)
  // `__proto__: x` in an object literal sets the prototype instead of a
  // property; the computed form makes an ordinary own property, as JSON does.
  if (name === "__proto__") return '["__proto__"]'
  return JS_IDENTIFIER.test(name) ? name : JSON.stringify(name)
}

function entries(value: object): [string | null, unknown][] {
  return Array.isArray(value)
    ? value.map((v) => [null, v])
    : Object.entries(value).filter(([, v]) => v !== undefined)
}

// One-line forms per syntax, computed once per collection: without it, a
// deep value whose inner levels are small was rendered both ways at every
// level (2^depth: 40 nested levels took 14 s).
const ONE_LINE: Record<Syntax, WeakMap<object, string | null>> = {
  python: new WeakMap(),
  javascript: new WeakMap(),
  json: new WeakMap(),
}

/** The value on one line, or null when that would be over twice the width. */
function oneLine(value: unknown, syntax: Syntax): string | null {
  if (value === null || typeof value !== "object") return scalar(value, syntax)
  const cache = ONE_LINE[syntax]
  const hit = cache.get(value)
  if (hit !== undefined) return hit
  let out: string | null = null
  // Compact JSON is within a few characters of the inline literal, so
  // twice the width is a safe cut-off for trying.
  if ((JSON.stringify(value)?.length ?? 0) <= WIDTH * 2) {
    const parts: string[] = []
    for (const [k, v] of entries(value)) {
      const inner = oneLine(v, syntax)
      if (inner === null) break
      parts.push((k === null ? "" : key(k, syntax) + ": ") + inner)
    }
    if (parts.length === entries(value).length) {
      const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"]
      const pad = syntax === "javascript" && !Array.isArray(value) ? " " : ""
      out =
        parts.length === 0
          ? open + close
          : `${open}${pad}${parts.join(", ")}${pad}${close}`
    }
  }
  cache.set(value, out)
  return out
}

/**
 * Formats a JSON value as a literal. Collections that fit on one line stay
 * inline; longer ones break one item per line with a trailing comma, the way
 * black and prettier print them. `indent` is the current nesting level.
 */
export function toLiteral(
  value: unknown,
  syntax: Syntax,
  indent = 0,
  unit = syntax === "python" ? "    " : "  "
): string {
  // JSON has no trailing commas; Python and JS style guides want them.
  const trailing = syntax === "json" ? "" : ","
  if (value === null || typeof value !== "object") return scalar(value, syntax)
  const items = entries(value)
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"]
  if (items.length === 0) return open + close
  const render = ([k, v]: [string | null, unknown], level: number) =>
    (k === null ? "" : key(k, syntax) + ": ") +
    toLiteral(v, syntax, level, unit)

  const inline = oneLine(value, syntax)
  if (inline !== null && inline.length + indent * unit.length <= WIDTH)
    return inline
  const inner = unit.repeat(indent + 1)
  const lines = items.map((item) => inner + render(item, indent + 1))
  return `${open}\n${lines.join(",\n")}${trailing}\n${unit.repeat(indent)}${close}`
}

/** Python literal (True/False/None) for a JSON value. */
export function toPythonLiteral(value: unknown, indent = 0): string {
  return toLiteral(value, "python", indent)
}

/** JavaScript/TypeScript literal for a JSON value. */
export function toJsLiteral(value: unknown, indent = 0): string {
  return toLiteral(value, "javascript", indent)
}

/** JSON text, pretty-printed like the other literals (short collections inline). */
export function toJsonText(value: unknown): string {
  return toLiteral(value, "json", 0)
}

/** Quotes text for a POSIX shell: single quotes, with `'` written as `'\''`. */
export function shellSingleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/** Text for one comment line: line breaks (possible in user text) become spaces. */
export const commentLine = (text: string): string =>
  text.replace(/[\r\n\u2028\u2029]+/g, " ")
