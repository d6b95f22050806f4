import type { LiteralParser } from "./literal"
import { isPlainObject, UNKNOWN, type Value } from "./literal"

export { assignments } from "./bindings"

/**
 * The Messages SDK calls in a Python or TypeScript snippet, as the docs
 * print them: `client.messages.create(model=…, …)`,
 * `client.beta.messages.create({ … })`, `anthropic.beta.messages.stream`,
 * `count_tokens` / `countTokens`; the request body each one sends.
 */

export type SdkMethod = "create" | "stream" | "count_tokens"

export interface SdkCall {
  /** The call's text up to its opening parenthesis, e.g. `client.beta.messages.create`. */
  callee: string
  method: SdkMethod
  beta: boolean
  /** The body as far as it is literal (UNKNOWN where it is not). */
  body: Record<string, Value>
  /** Offset of the call in the text. */
  at: number
  /** Offset just after the call's closing parenthesis. */
  end: number
  language: "python" | "typescript" | "ruby"
}

const CALL = /\bmessages\s*\.\s*(create|stream|count_tokens|countTokens)\s*\(/g
// Receivers before `messages.`: `client.`, `client.beta.`, `anthropic.beta.`.
const RECEIVER = /((?:[A-Za-z_$][\w$]*\s*\.\s*){1,3})$/

/** Whether `text` holds an SDK Messages call (cheap check for detection). */
export function looksLikeSdkCall(text: string): boolean {
  return new RegExp(CALL.source).test(text)
}

/** `name=value, …` (Python) or `{…}` (TypeScript; a Python dict too). */
function callArguments(
  parser: LiteralParser,
  from: number
): { body: Record<string, Value>; language: SdkCall["language"] } {
  const first = parser.token(from)
  if (first.kind === "punct" && (first.value === "{" || first.value === "*")) {
    const { value } = parser.value(
      first.value === "*" ? parser.text.indexOf("*", from) + 2 : from
    )
    return {
      body: isPlainObject(value) ? value : {},
      language: first.value === "{" ? "typescript" : "python",
    }
  }
  const body: Record<string, Value> = {}
  let language: SdkCall["language"] = "python"
  let pos = from
  for (;;) {
    const t = parser.token(pos)
    if (t.kind === "end" || (t.kind === "punct" && t.value === ")")) break
    if (t.kind === "punct" && t.value === ",") {
      pos = t.end
      continue
    }
    const eq = parser.token(t.end)
    // Ruby's keyword arguments (`model: "…"`) read like Python's `model=`.
    const ruby =
      eq.kind === "punct" &&
      eq.value === ":" &&
      parser.text[eq.end] !== ":" &&
      parser.text[eq.start - 1] !== ":"
    if (ruby) language = "ruby"
    if (t.kind === "id" && eq.kind === "punct" && (eq.value === "=" || ruby)) {
      const { value, end } = parser.value(eq.end)
      body[t.value] = value
      pos = end
    } else pos = Math.max(parser.skipExpression(t.end), t.end)
  }
  return { body, language }
}

/** Index after the `)` that closes the arguments starting at `from`. */
function argumentsEnd(parser: LiteralParser, from: number): number {
  let pos = from
  for (;;) {
    const t = parser.token(pos)
    if (t.kind === "end") return pos
    if (t.kind === "punct" && t.value === ")") return t.end
    if (t.kind === "punct" && t.value === ",") pos = t.end
    else pos = Math.max(parser.skipExpression(pos), t.end)
  }
}

/** Every SDK Messages call in `text`, in order. */
export function findSdkCalls(text: string, parser: LiteralParser): SdkCall[] {
  const calls: SdkCall[] = []
  let resumeAt = 0
  for (const m of text.matchAll(CALL)) {
    if (m.index < resumeAt) continue // inside the previous call's arguments
    const before = RECEIVER.exec(text.slice(Math.max(0, m.index - 80), m.index))
    const receiver = (before?.[1] ?? "").replace(/\s+/g, "")
    const open = m.index + m[0].length
    const { body, language } = callArguments(parser, open)
    resumeAt = argumentsEnd(parser, open)
    const name = m[1]!
    calls.push({
      end: resumeAt,
      callee: `${receiver}messages.${name}`,
      method: name === "countTokens" ? "count_tokens" : (name as SdkMethod),
      beta: /\bbeta\.$/.test(receiver),
      body,
      at: m.index - receiver.length,
      language: name === "countTokens" ? "typescript" : language,
    })
  }
  return calls
}

export { UNKNOWN }
