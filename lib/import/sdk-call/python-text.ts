/**
 * How Python writes a value as text: `str()` / an f-string hole (`pyStr`),
 * `repr()` (`pyRepr`), `json.dumps` with its default separators and
 * `ensure_ascii` (`pyJsonDumps`), and the format specs f-strings use most
 * (`pyFormatSpec`: `,`, `_`, `.2f`, `>10`, `d`, `%`).
 */

/** A value the operations could not evaluate (the caller says so). */
export const NOT_EVALUATED: unique symbol = Symbol("not evaluated")

type Text = string | typeof NOT_EVALUATED

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v)

function pyNumber(n: number): string {
  if (Number.isInteger(n)) return String(n)
  const s = String(n)
  // Python writes 1e-07 where JavaScript writes 1e-7.
  return s.replace(/e([+-])(\d)$/, "e$10$2")
}

/** Python's repr of a string: single quotes unless it holds one and no double. */
function quote(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'"
  let out = q
  for (const c of s) {
    const code = c.codePointAt(0)!
    if (c === "\\") out += "\\\\"
    else if (c === q) out += `\\${q}`
    else if (c === "\n") out += "\\n"
    else if (c === "\r") out += "\\r"
    else if (c === "\t") out += "\\t"
    else if (code < 0x20 || code === 0x7f)
      out += `\\x${code.toString(16).padStart(2, "0")}`
    else out += c
  }
  return out + q
}

/** `repr(value)`. */
export function pyRepr(value: unknown): Text {
  if (typeof value === "string") return quote(value)
  if (typeof value === "number") return pyNumber(value)
  if (value === true) return "True"
  if (value === false) return "False"
  if (value === null) return "None"
  if (Array.isArray(value)) {
    const items = value.map(pyRepr)
    return items.includes(NOT_EVALUATED)
      ? NOT_EVALUATED
      : `[${items.join(", ")}]`
  }
  if (isRecord(value)) {
    const items: string[] = []
    for (const [k, v] of Object.entries(value)) {
      const r = pyRepr(v)
      if (r === NOT_EVALUATED) return NOT_EVALUATED
      items.push(`${quote(k)}: ${r}`)
    }
    return `{${items.join(", ")}}`
  }
  return NOT_EVALUATED
}

/** `str(value)` (an f-string hole without a conversion). */
export function pyStr(value: unknown): Text {
  return typeof value === "string" ? value : pyRepr(value)
}

function jsonString(s: string): string {
  let out = '"'
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    const code = s.charCodeAt(i)
    if (c === '"') out += '\\"'
    else if (c === "\\") out += "\\\\"
    else if (c === "\n") out += "\\n"
    else if (c === "\r") out += "\\r"
    else if (c === "\t") out += "\\t"
    else if (c === "\b") out += "\\b"
    else if (c === "\f") out += "\\f"
    else if (code < 0x20 || code > 0x7e)
      out += `\\u${code.toString(16).padStart(4, "0")}` // ensure_ascii
    else out += c
  }
  return out + '"'
}

/** `json.dumps(value, indent=indent)` as Python writes it. */
export function pyJsonDumps(
  value: unknown,
  indent: number | null,
  level = 0
): Text {
  if (typeof value === "string") return jsonString(value)
  if (typeof value === "number")
    return Number.isFinite(value) ? pyNumber(value) : NOT_EVALUATED
  if (typeof value === "boolean") return String(value)
  if (value === null) return "null"
  const nested = Array.isArray(value) || isRecord(value)
  if (!nested) return NOT_EVALUATED
  const entries: Array<[string | null, unknown]> = Array.isArray(value)
    ? value.map((v) => [null, v])
    : Object.entries(value)
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"]
  if (entries.length === 0) return open + close
  const items: string[] = []
  for (const [k, v] of entries) {
    const inner = pyJsonDumps(v, indent, level + 1)
    if (inner === NOT_EVALUATED) return NOT_EVALUATED
    items.push(k === null ? inner : `${jsonString(k)}: ${inner}`)
  }
  if (indent === null) return `${open}${items.join(", ")}${close}`
  const pad = "\n" + " ".repeat(indent * (level + 1))
  return `${open}${pad}${items.join(`,${pad}`)}\n${" ".repeat(indent * level)}${close}`
}

const SPEC = /^(?:(.)?([<>^]))?(\d+)?([,_])?(?:\.(\d+))?([dfFs%])?$/

/** An f-string hole's value with its `:spec` (the common specs only). */
export function pyFormatSpec(value: unknown, spec: string): Text {
  const m = SPEC.exec(spec)
  if (!m) return NOT_EVALUATED
  const [, fill = " ", align, width, group, precision, type] = m
  let body: string
  if (typeof value === "number") {
    if (type === "s") return NOT_EVALUATED
    const percent = type === "%"
    const n = percent ? value * 100 : value
    const digits =
      precision !== undefined
        ? Number(precision)
        : type === "f" || type === "F" || percent
          ? 6
          : null
    if (type === "d" && !Number.isInteger(n)) return NOT_EVALUATED
    body = digits === null ? pyNumber(n) : n.toFixed(digits)
    if (group) {
      const [int, frac] = body.split(".")
      body =
        int!.replace(/\B(?=(\d{3})+(?!\d))/g, group) + (frac ? `.${frac}` : "")
    }
    if (percent) body += "%"
  } else if (typeof value === "string") {
    if (group || (type && type !== "s")) return NOT_EVALUATED
    body = precision !== undefined ? value.slice(0, Number(precision)) : value
  } else return NOT_EVALUATED
  const w = width ? Number(width) : 0
  if (body.length >= w) return body
  const side = align ?? (typeof value === "number" ? ">" : "<")
  const room = w - body.length
  if (side === "<") return body + fill.repeat(room)
  if (side === ">") return fill.repeat(room) + body
  const left = Math.floor(room / 2)
  return fill.repeat(left) + body + fill.repeat(room - left)
}
