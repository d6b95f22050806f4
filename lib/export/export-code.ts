// Code snippets for the current request, in the style of the Anthropic docs'
// curl / Python / TypeScript tabs. Keys are never inlined: curl reads
// $ANTHROPIC_API_KEY and the SDK clients read it from the environment.

import { COUNT_TOKENS_PARAMS, CREATE_PARAMS } from "@/lib/anthropic/sdk-params"

import {
  prepareRequest,
  type ExportTarget,
  type PreparedRequest,
} from "./request-body"
import {
  shellSingleQuote,
  toJsLiteral,
  toJsonText,
  toPythonLiteral,
} from "./literals"

/** Language of the exported snippet. */
export type ExportLanguage = "curl" | "python" | "typescript"

/** What to export. */
export interface ExportOptions {
  /** Endpoint: `messages` (create) or `count_tokens`. */
  target: ExportTarget
  /** Snippet language. */
  language: ExportLanguage
}

const API_URL: Record<ExportTarget, string> = {
  messages: "https://api.anthropic.com/v1/messages",
  count_tokens: "https://api.anthropic.com/v1/messages/count_tokens",
}

// Parameters the Python SDK takes as keyword arguments (BetaMessage create /
// count_tokens). Anything else goes through `extra_body`, which the SDK
// merges into the JSON as is, so an unknown field is sent rather than
// rejected with a TypeError.
const PYTHON_KWARGS: ReadonlySet<string> = new Set([
  ...CREATE_PARAMS,
  // Keyword arguments of the Python SDK that the TS SDK types lack.
  "temperature",
  "top_k",
  "top_p",
])

function droppedNote(prepared: PreparedRequest, comment: string): string {
  if (prepared.dropped.length === 0) return ""
  const list = prepared.dropped.join(", ")
  return `${comment} count_tokens does not accept ${list}; left out below.\n`
}

// Fields the SDKs send as headers, not in the JSON body (both SDKs take
// them as parameters and move them; curl has to do it itself).
const HEADER_FIELDS: Record<string, string> = {
  workspace_id: "anthropic-workspace-id",
  user_profile_id: "anthropic-user-profile-id",
}

function curl(prepared: PreparedRequest, target: ExportTarget): string {
  const headers = [
    "x-api-key: $ANTHROPIC_API_KEY",
    "anthropic-version: 2023-06-01",
    `anthropic-beta: ${prepared.betas.join(",")}`,
    "content-type: application/json",
  ]
  // Double quotes so $ANTHROPIC_API_KEY expands; beta names are plain
  // [A-Za-z0-9._-] (prepareRequest drops anything else), so nothing else can.
  const quoted = headers.map((h) => `"${h}"`)
  // A spread copies a "__proto__" key of pasted JSON as data, like the body.
  const sent: Record<string, unknown> = { ...prepared.body }
  for (const [field, header] of Object.entries(HEADER_FIELDS)) {
    const value = sent[field]
    // Single-quoted: the value is the user's text. Line breaks would end
    // the header, so such a value stays in the body (the API rejects it).
    if (typeof value !== "string" || /[\r\n]/.test(value)) continue
    quoted.push(shellSingleQuote(`${header}: ${value}`))
    delete sent[field]
  }
  const body = toJsonText(sent)
  // Linux refuses a single argument over 128 KiB ("Argument list too long"),
  // so a large body goes through stdin. A line reading JSON alone cannot
  // occur in JSON text (strings hold no raw line breaks): the heredoc ends
  // where it should.
  const large = new TextEncoder().encode(body).length > MAX_ARG_BYTES
  const lines = [
    `curl ${API_URL[target]}`,
    ...quoted.map((h) => `  -H ${h}`),
    large
      ? "  --data-binary @- <<'JSON'"
      : `  --data ${shellSingleQuote(body)}`,
  ]
  return (
    droppedNote(prepared, "#") +
    lines.join(" \\\n") +
    (large ? `\n${body}\nJSON` : "") +
    "\n"
  )
}

/** Body size above which curl reads it from stdin (Linux caps one argument at 128 KiB). */
export const MAX_ARG_BYTES = 100_000

/**
 * The keyword arguments of a Python SDK call sending `body` with `betas`,
 * one per line at `level` (4 spaces each): fields the SDK does not name go
 * through `extra_body`.
 */
export function pythonCallArgs(
  body: Record<string, unknown>,
  betas: readonly string[],
  level: number
): string[] {
  const pad = "    ".repeat(level)
  const args: string[] = []
  const extra: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (PYTHON_KWARGS.has(key))
      args.push(`${pad}${key}=${toPythonLiteral(value, level)},`)
    else extra[key] = value
  }
  if (Object.keys(extra).length > 0)
    args.push(`${pad}extra_body=${toPythonLiteral(extra, level)},`)
  args.push(`${pad}betas=${toPythonLiteral(betas, level)},`)
  return args
}

/** The SDK snippets' result variable: a streamed create's `stream`, else `message` or `response`. */
function resultName(
  prepared: PreparedRequest,
  target: ExportTarget
): "stream" | "message" | "response" {
  if (target !== "messages") return "response"
  return prepared.body.stream === true ? "stream" : "message"
}

function python(prepared: PreparedRequest, target: ExportTarget): string {
  const args = pythonCallArgs(prepared.body, prepared.betas, 1)

  const method = target === "messages" ? "create" : "count_tokens"
  const result = resultName(prepared, target)
  const output =
    result === "stream"
      ? "for event in stream:\n    print(event)"
      : `print(${result})`
  return [
    droppedNote(prepared, "#") + "import anthropic",
    "",
    "client = anthropic.Anthropic()  # reads ANTHROPIC_API_KEY from the environment",
    "",
    `${result} = client.beta.messages.${method}(`,
    ...args,
    ")",
    output,
    "",
  ].join("\n")
}

// Fields outside the SDK's parameter types (sdk-params.ts) are still sent
// (the SDK puts every param in the body), but an object literal with one
// does not compile: the snippet then casts the literal and says why.

function typescript(prepared: PreparedRequest, target: ExportTarget): string {
  const params = { ...prepared.body, betas: prepared.betas }
  const typed = target === "messages" ? CREATE_PARAMS : COUNT_TOKENS_PARAMS
  const untyped = Object.keys(prepared.body).filter((k) => !typed.has(k))
  const method = target === "messages" ? "create" : "countTokens"
  const result = resultName(prepared, target)
  const output =
    result === "stream"
      ? "for await (const event of stream) {\n  console.log(event);\n}"
      : `console.log(${result});`
  return [
    droppedNote(prepared, "//") + 'import Anthropic from "@anthropic-ai/sdk";',
    "",
    "const client = new Anthropic(); // reads ANTHROPIC_API_KEY from the environment",
    "",
    ...(untyped.length === 0
      ? [
          `const ${result} = await client.beta.messages.${method}(${toJsLiteral(params, 0)});`,
        ]
      : [
          `// ${untyped.map(commentSafe).join(", ")} ${untyped.length === 1 ? "is" : "are"} not in the SDK's parameter types; the cast lets the`,
          "// snippet compile and the SDK sends the field as is (the API decides).",
          `const ${result} = await client.beta.messages.${method}(${toJsLiteral(params, 0)} as ${paramsType(target, result === "stream")});`,
        ]),
    output,
    "",
  ].join("\n")
}

// A key as a JSON string, with the two characters JSON leaves raw that end
// a JavaScript line comment escaped too.
const commentSafe = (key: string): string =>
  JSON.stringify(key).replace(
    /[\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16)}`
  )

function paramsType(target: ExportTarget, streaming: boolean): string {
  const name =
    target === "count_tokens"
      ? "MessageCountTokensParams"
      : streaming
        ? "MessageCreateParamsStreaming"
        : "MessageCreateParamsNonStreaming"
  return `Anthropic.Beta.Messages.${name}`
}

const NOT_AN_OBJECT =
  "The request is not a JSON object yet. Fix it in the editor to export code."

/**
 * Returns a runnable snippet that sends `request` to the chosen endpoint
 * with the beta headers its edits need. Never contains a key; a request
 * that is not a JSON object gives a one-line comment saying so.
 */
export function exportCode(request: unknown, options: ExportOptions): string {
  const prepared = prepareRequest(request, options.target)
  if (!prepared) {
    return `${options.language === "typescript" ? "//" : "#"} ${NOT_AN_OBJECT}\n`
  }
  switch (options.language) {
    case "curl":
      return curl(prepared, options.target)
    case "python":
      return python(prepared, options.target)
    case "typescript":
      return typescript(prepared, options.target)
  }
}
