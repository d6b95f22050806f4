/**
 * A small parser for Python literals (`ast.literal_eval` subset): the legacy
 * tool prompts asked for Python `list`/`dict` values, so models often wrote
 * `['a', 'b']` or `{'k': True}` instead of JSON. Returns undefined on
 * anything it does not fully understand.
 */

const MAX_DEPTH = 64

class Reader {
  pos = 0
  constructor(readonly text: string) {}

  skip(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] ?? ""))
      this.pos++
  }

  peek(): string {
    this.skip()
    return this.text[this.pos] ?? ""
  }

  eat(token: string): boolean {
    this.skip()
    if (this.text.startsWith(token, this.pos)) {
      this.pos += token.length
      return true
    }
    return false
  }
}

const FAIL = Symbol("fail")
type Parsed = unknown | typeof FAIL

function parseValue(r: Reader, depth: number): Parsed {
  if (depth > MAX_DEPTH) return FAIL
  const c = r.peek()
  if (c === "[") return parseSequence(r, "[", "]", depth)
  if (c === "(") return parseSequence(r, "(", ")", depth)
  if (c === "{") return parseDict(r, depth)
  if (c === "'" || c === '"') return parseString(r, c)
  for (const [word, value] of [
    ["True", true],
    ["False", false],
    ["None", null],
  ] as const) {
    if (
      r.text.startsWith(word, r.pos) &&
      !/\w/.test(r.text[r.pos + word.length] ?? "")
    ) {
      r.pos += word.length
      return value
    }
  }
  const m = /^[+-]?(\d[\d_]*)(\.\d*)?([eE][+-]?\d+)?/.exec(
    r.text.slice(r.pos, r.pos + 64)
  )
  if (m && m[0] !== "") {
    r.pos += m[0].length
    return Number(m[0].replace(/_/g, ""))
  }
  return FAIL
}

function parseSequence(
  r: Reader,
  open: string,
  close: string,
  depth: number
): Parsed {
  r.eat(open)
  const items: unknown[] = []
  while (!r.eat(close)) {
    const value = parseValue(r, depth + 1)
    if (value === FAIL) return FAIL
    items.push(value)
    if (!r.eat(",")) {
      if (!r.eat(close)) return FAIL
      break
    }
  }
  return items
}

function parseDict(r: Reader, depth: number): Parsed {
  r.eat("{")
  const out: Record<string, unknown> = {}
  while (!r.eat("}")) {
    const key = parseValue(r, depth + 1)
    if (key === FAIL || (typeof key !== "string" && typeof key !== "number"))
      return FAIL
    if (!r.eat(":")) return FAIL
    const value = parseValue(r, depth + 1)
    if (value === FAIL) return FAIL
    out[String(key)] = value
    if (!r.eat(",")) {
      if (!r.eat("}")) return FAIL
      break
    }
  }
  return out
}

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "0": "\0",
  "\\": "\\",
  "'": "'",
  '"': '"',
}

function parseString(r: Reader, quote: string): Parsed {
  r.pos++
  let out = ""
  while (r.pos < r.text.length) {
    const c = r.text[r.pos] ?? ""
    if (c === quote) {
      r.pos++
      return out
    }
    if (c === "\\") {
      const next = r.text[r.pos + 1] ?? ""
      const hex = next === "x" ? 2 : next === "u" ? 4 : 0
      if (hex > 0) {
        const code = Number.parseInt(
          r.text.slice(r.pos + 2, r.pos + 2 + hex),
          16
        )
        if (Number.isNaN(code)) return FAIL
        out += String.fromCharCode(code)
        r.pos += 2 + hex
        continue
      }
      out += ESCAPES[next] ?? `\\${next}`
      r.pos += 2
      continue
    }
    out += c
    r.pos++
  }
  return FAIL
}

/** The value of a Python literal, or undefined when it is not one. */
export function parsePythonLiteral(text: string): unknown {
  const r = new Reader(text)
  const value = parseValue(r, 0)
  r.skip()
  return value === FAIL || r.pos !== text.length ? undefined : value
}
