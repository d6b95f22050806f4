import { MAX_INPUT_CHARS } from "../bounds"
import { NOT_EVALUATED, pyJsonDumps, pyRepr, pyStr } from "./python-text"

/**
 * The string building snippets do, evaluated on literal values: `+` and `*`
 * on strings and lists (Python's `"ab" * 3`), numbers, the string methods
 * docs use (`.repeat`, `.join`, `.format`, `.strip`…), `str()`, `String()`,
 * `textwrap.dedent`, `json.dumps`, `JSON.stringify`, `Array(n).fill(x)`.
 * Every function answers NOT_EVALUATED for what it does not know, never a
 * guess; the caller says so to the user.
 */

export { NOT_EVALUATED }
type Out = unknown

/** What evaluation may still build, shared by one import (characters or list items). */
export class Budget {
  left = MAX_INPUT_CHARS
  /** Takes `size` from the budget; false (and nothing taken) when it has less. */
  take(size: number): boolean {
    if (!(size <= this.left)) return false
    this.left -= size
    return true
  }
}

export interface Args {
  positional: unknown[]
  keywords: Record<string, unknown>
}

const isInt = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v)

/** `value * count` for a string or a list (Python), within the budget. */
function repeat(value: string | unknown[], count: number, budget: Budget): Out {
  const n = Math.max(0, count)
  if (!budget.take(value.length * n)) return NOT_EVALUATED
  if (typeof value === "string") return value.repeat(n)
  const out: unknown[] = []
  for (let i = 0; i < n; i++) out.push(...value)
  return out
}

const ARITHMETIC: Record<string, (a: number, b: number) => number> = {
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  "/": (a, b) => a / b,
  "%": (a, b) => ((a % b) + b) % b,
  "**": (a, b) => a ** b,
}

/** `a op b`: arithmetic, `+` of strings or lists, `*` repetition. */
export function binary(
  op: string,
  a: unknown,
  b: unknown,
  budget: Budget
): Out {
  if (typeof a === "number" && typeof b === "number") {
    const n = ARITHMETIC[op]?.(a, b)
    return n !== undefined && Number.isFinite(n) ? n : NOT_EVALUATED
  }
  if (op === "*") {
    if ((typeof a === "string" || Array.isArray(a)) && isInt(b))
      return repeat(a, b, budget)
    if (isInt(a) && (typeof b === "string" || Array.isArray(b)))
      return repeat(b, a, budget)
  }
  if (op !== "+") return NOT_EVALUATED
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b]
  // A string and a number: JavaScript's `"n=" + 5` (Python refuses it).
  const text = (v: unknown) =>
    typeof v === "string" ? v : typeof v === "number" ? String(v) : null
  const left = text(a)
  const right = text(b)
  if (left === null || right === null) return NOT_EVALUATED
  if (typeof a !== "string" && typeof b !== "string") return NOT_EVALUATED
  if (left.length + right.length > MAX_INPUT_CHARS) return NOT_EVALUATED
  return left + right
}

/** A value as JavaScript's `String(v)` / a template literal writes it. */
export function jsString(value: unknown): string | typeof NOT_EVALUATED {
  if (typeof value === "string") return value
  if (typeof value === "number" || typeof value === "boolean")
    return String(value)
  if (value === null) return "null"
  if (Array.isArray(value)) {
    const parts: string[] = []
    for (const v of value) {
      const s = v === null ? "" : jsString(v)
      if (s === NOT_EVALUATED) return NOT_EVALUATED
      parts.push(s)
    }
    return parts.join(",")
  }
  if (typeof value === "object") return "[object Object]"
  return NOT_EVALUATED
}

/** Python's `str.format` with `{}`, `{0}` and `{name}` fields (no specs). */
function pyFormat(template: string, args: Args): Out {
  let next = 0
  let failed = false
  const out = template.replace(
    /\{\{|\}\}|\{([A-Za-z_]\w*|\d*)\}|[{}]/g,
    (m, field: string | undefined) => {
      if (m === "{{") return "{"
      if (m === "}}") return "}"
      if (field === undefined) return ((failed = true), m)
      const value =
        field === ""
          ? args.positional[next++]
          : /^\d+$/.test(field)
            ? args.positional[Number(field)]
            : args.keywords[field]
      const s = value === undefined ? NOT_EVALUATED : pyStr(value)
      if (s === NOT_EVALUATED) return ((failed = true), m)
      return s
    }
  )
  return failed ? NOT_EVALUATED : out
}

/** Python's `textwrap.dedent`: the common leading whitespace removed. */
export function dedent(text: string): string {
  let common: string | null = null
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue
    const indent = /^[ \t]*/.exec(line)![0]
    if (common === null || !indent.startsWith(common)) {
      let k = 0
      const c: string = common ?? indent
      while (k < c.length && k < indent.length && c[k] === indent[k]) k++
      common = c.slice(0, k)
    }
  }
  if (!common) return text.replace(/^[ \t]+$/gm, "")
  return text
    .split("\n")
    .map((l) =>
      l.startsWith(common!) ? l.slice(common!.length) : l.trim() === "" ? "" : l
    )
    .join("\n")
}

const STRING_METHODS: Record<string, (s: string, a: Args) => Out> = {
  repeat: (s, a) => (isInt(a.positional[0]) ? a.positional[0] : NOT_EVALUATED),
  upper: (s) => s.toUpperCase(),
  lower: (s) => s.toLowerCase(),
  toUpperCase: (s) => s.toUpperCase(),
  toLowerCase: (s) => s.toLowerCase(),
  strip: (s, a) => (a.positional.length === 0 ? s.trim() : NOT_EVALUATED),
  lstrip: (s, a) => (a.positional.length === 0 ? s.trimStart() : NOT_EVALUATED),
  rstrip: (s, a) => (a.positional.length === 0 ? s.trimEnd() : NOT_EVALUATED),
  trim: (s) => s.trim(),
  trimStart: (s) => s.trimStart(),
  trimEnd: (s) => s.trimEnd(),
  format: pyFormat,
}

/** The methods `callMethod` evaluates (checked before reading the arguments). */
export const KNOWN_METHODS = new Set([
  ...Object.keys(STRING_METHODS),
  "join",
  "replace",
  "replaceAll",
  "concat",
  "fill",
  "slice",
  "substring",
])

/**
 * `replace(from, to)`: Python changes every occurrence, JavaScript the first
 * (`replaceAll` every one); with several occurrences and no way to tell the
 * language, not evaluated.
 */
function replace(s: string, a: Args, all: boolean): Out {
  const [from, to] = a.positional
  if (typeof from !== "string" || typeof to !== "string" || from === "")
    return NOT_EVALUATED
  const parts = s.split(from)
  if (!all && parts.length > 2) return NOT_EVALUATED
  return parts.join(to)
}

function join(receiver: unknown, a: Args, budget: Budget): Out {
  // Python: "sep".join(items); JavaScript: items.join(sep).
  const [items, sep] =
    typeof receiver === "string"
      ? [a.positional[0], receiver]
      : [receiver, a.positional[0] ?? ","]
  if (!Array.isArray(items) || typeof sep !== "string") return NOT_EVALUATED
  const parts: string[] = []
  for (const item of items) {
    const s =
      typeof receiver === "string"
        ? typeof item === "string"
          ? item
          : NOT_EVALUATED
        : item === null
          ? ""
          : jsString(item)
    if (s === NOT_EVALUATED) return NOT_EVALUATED
    parts.push(s)
  }
  const out = parts.join(sep)
  return budget.take(out.length) ? out : NOT_EVALUATED
}

/** `receiver.name(args)` for the methods above; NOT_EVALUATED otherwise. */
export function callMethod(
  receiver: unknown,
  name: string,
  a: Args,
  budget: Budget
): Out {
  if (name === "join") return join(receiver, a, budget)
  if (name === "fill" && Array.isArray(receiver) && a.positional.length === 1)
    return budget.take(receiver.length)
      ? receiver.map(() => a.positional[0])
      : NOT_EVALUATED
  if (name === "concat") {
    if (Array.isArray(receiver))
      return receiver.concat(
        ...a.positional.map((v) => (Array.isArray(v) ? v : [v]))
      )
    return a.positional.reduce<Out>(
      (acc, v) =>
        acc === NOT_EVALUATED ? acc : binary("+", acc, jsString(v), budget),
      receiver
    )
  }
  if (name === "slice" || name === "substring") {
    const [from, to] = a.positional
    if (
      (typeof receiver !== "string" && !Array.isArray(receiver)) ||
      !isInt(from)
    )
      return NOT_EVALUATED
    if (to !== undefined && !isInt(to)) return NOT_EVALUATED
    return name === "slice" || typeof receiver !== "string"
      ? receiver.slice(from, to)
      : receiver.substring(from, to)
  }
  if (typeof receiver !== "string") return NOT_EVALUATED
  if (name === "replace" || name === "replaceAll")
    // Python's replace changes every occurrence, JavaScript's the first.
    return replace(receiver, a, name === "replaceAll")
  const method = STRING_METHODS[name]
  if (!method) return NOT_EVALUATED
  if (name !== "repeat") return method(receiver, a)
  const count = method(receiver, a)
  return isInt(count) && count >= 0
    ? repeat(receiver, count, budget)
    : NOT_EVALUATED
}

/** The functions `callFunction` evaluates, by the name the snippet calls them. */
const FUNCTIONS: Record<string, (a: Args, budget: Budget) => Out> = {
  str: (a) =>
    a.positional.length === 1 ? pyStr(a.positional[0]) : NOT_EVALUATED,
  repr: (a) =>
    a.positional.length === 1 ? pyRepr(a.positional[0]) : NOT_EVALUATED,
  String: (a) =>
    a.positional.length === 1 ? jsString(a.positional[0]) : NOT_EVALUATED,
  len: (a) => {
    const v = a.positional[0]
    return typeof v === "string" || Array.isArray(v) ? v.length : NOT_EVALUATED
  },
  dedent: (a) =>
    typeof a.positional[0] === "string"
      ? dedent(a.positional[0])
      : NOT_EVALUATED,
  cleandoc: (a) =>
    typeof a.positional[0] === "string"
      ? dedent(a.positional[0].replace(/^\s*\n/, "")).trim()
      : NOT_EVALUATED,
  "json.dumps": (a) => {
    const indent = a.keywords.indent
    if (a.positional.length !== 1) return NOT_EVALUATED
    if (indent !== undefined && indent !== null && !isInt(indent))
      return NOT_EVALUATED
    return pyJsonDumps(a.positional[0], isInt(indent) ? indent : null)
  },
  "JSON.stringify": (a) => {
    const [value, replacer, space] = a.positional
    if (replacer !== undefined && replacer !== null) return NOT_EVALUATED
    if (space !== undefined && !isInt(space) && typeof space !== "string")
      return NOT_EVALUATED
    return JSON.stringify(value, null, space as number | string | undefined)
  },
  Array: (a, budget) => {
    const [n] = a.positional
    if (a.positional.length !== 1 || !isInt(n) || n < 0) return NOT_EVALUATED
    return budget.take(n)
      ? Array.from({ length: n }, () => null)
      : NOT_EVALUATED
  },
}
FUNCTIONS["textwrap.dedent"] = FUNCTIONS.dedent!
FUNCTIONS["inspect.cleandoc"] = FUNCTIONS.cleandoc!

export const isKnownFunction = (path: string) => path in FUNCTIONS

/** `path(args)` for the functions above; NOT_EVALUATED otherwise. */
export function callFunction(path: string, a: Args, budget: Budget): Out {
  const fn = FUNCTIONS[path]
  if (!fn) return NOT_EVALUATED
  const out = fn(a, budget)
  if (typeof out === "string" && !budget.take(out.length)) return NOT_EVALUATED
  return out
}

/** `value[index]` / `value[from:to]` on strings and lists (Python indices). */
export function subscript(value: unknown, from: unknown, to?: unknown): Out {
  // A dict's key (`params["model"]`).
  if (
    arguments.length === 2 &&
    typeof from === "string" &&
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value)
  )
    return Object.hasOwn(value, from)
      ? (value as Record<string, unknown>)[from]
      : NOT_EVALUATED
  if (typeof value !== "string" && !Array.isArray(value)) return NOT_EVALUATED
  const slice = arguments.length === 3
  const index = (v: unknown, dflt: number) =>
    v === undefined || v === null ? dflt : isInt(v) ? v : null
  if (slice) {
    const a = index(from, 0)
    const b = index(to, value.length)
    return a === null || b === null ? NOT_EVALUATED : value.slice(a, b)
  }
  if (!isInt(from)) return NOT_EVALUATED
  const i = from < 0 ? value.length + from : from
  return i >= 0 && i < value.length ? value[i] : NOT_EVALUATED
}
