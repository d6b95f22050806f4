import type { JsonPath, SimulateError } from "../types"

/** A plain-object guard used by every validator. */
export { isRecord as isObj } from "@/lib/json/is-record"

/** "messages.1.content.0" — the dotted form the API prefixes errors with. */
export const dotted = (path: readonly (string | number)[]): string =>
  path.join(".")

/**
 * An API-shaped error. `shownPath` is the dotted path in the message when it
 * differs from the JSON path (Pydantic puts the union tag in it, e.g.
 * `messages.1.content.0.compaction.content`); pass null for no prefix.
 */
export function issue(
  path: JsonPath,
  message: string,
  shownPath: readonly (string | number)[] | null = path
): SimulateError {
  const prefix =
    shownPath && shownPath.length > 0 ? `${dotted(shownPath)}: ` : ""
  return { type: "invalid_request_error", message: prefix + message, path }
}

/** Python's repr() of a JSON value (how Pydantic quotes values inside containers). */
function pyRepr(v: unknown, depth: number): string {
  if (typeof v === "string") {
    const q = v.includes("'") && !v.includes('"') ? '"' : "'"
    const body = v
      .replace(/\\/g, "\\\\")
      .replace(/\n/g, "\\n")
      .replace(/\t/g, "\\t")
    return q + (q === "'" ? body.replace(/'/g, "\\'") : body) + q
  }
  if (typeof v !== "object" || v === null) return pyStr(v)
  // A hostile value cannot make the message (or the recursion) huge.
  if (depth > 4) return Array.isArray(v) ? "[...]" : "{...}"
  if (Array.isArray(v))
    return `[${v.map((x) => pyRepr(x, depth + 1)).join(", ")}]`
  return `{${Object.entries(v)
    .map(([k, x]) => `${pyRepr(k, depth)}: ${pyRepr(x, depth + 1)}`)
    .join(", ")}}`
}

const TAG_MAX = 120

/**
 * Python's str() of a JSON value, as Pydantic prints a union tag it could
 * not match: `True`, `None`, `{'type': 'text'}` (never "[object Object]").
 * Shortened past 120 characters, so the message stays one readable line.
 */
export function pyStr(v: unknown): string {
  if (v === null || v === undefined) return "None"
  if (v === true) return "True"
  if (v === false) return "False"
  if (typeof v === "number") return String(v)
  const s = typeof v === "string" ? v : pyRepr(v, 0)
  return s.length > TAG_MAX ? `${s.slice(0, TAG_MAX - 1)}…` : s
}

/** Pydantic's wording for a value of the wrong kind. */
export const MSG = {
  object: "Input should be a valid dictionary or object",
  list: "Input should be a valid list",
  string: "Input should be a valid string",
  bool: "Input should be a valid boolean",
  int: "Input should be a valid integer",
  fraction:
    "Input should be a valid integer, got a number with a fractional part",
  required: "Field required",
  extra: "Extra inputs are not permitted",
  noTag: "Unable to extract tag using discriminator 'type'",
  gte: (n: number) => `Input should be greater than or equal to ${n}`,
  gt: (n: number) => `Input should be greater than ${n}`,
  tag: (got: unknown, expected: readonly string[]) =>
    `Input tag '${pyStr(got)}' found using 'type' does not match any of the expected tags: ${expected.map((t) => `'${t}'`).join(", ")}`,
} as const

/** Checks an integer field; returns the message (without prefix) or null. */
export function intProblem(
  v: unknown,
  min: number,
  strict = false
): string | null {
  if (typeof v !== "number" || !Number.isFinite(v)) return MSG.int
  if (!Number.isInteger(v)) return MSG.fraction
  if (strict ? v <= min : v < min) return strict ? MSG.gt(min) : MSG.gte(min)
  return null
}
