/**
 * Which content block types exist, where they may appear and what each must
 * contain. Server tool results are every `*_tool_result` type the SDK knows.
 */
import { isObj, issue, MSG } from "./issues"
import type { MessageRole, SimulateError, SimulateWarning } from "./types"

export type { MessageRole }

/** Server tool result block types (SDK at the spec's snapshot). */
export const SERVER_TOOL_RESULT_TYPES = [
  "web_search_tool_result",
  "web_fetch_tool_result",
  "code_execution_tool_result",
  "bash_code_execution_tool_result",
  "text_editor_code_execution_tool_result",
  "tool_search_tool_result",
  "advisor_tool_result",
] as const

const USER_TYPES = [
  "text",
  "image",
  "document",
  "search_result",
  "tool_result",
  "compaction",
  "container_upload",
]
const ASSISTANT_TYPES = [
  "text",
  "thinking",
  "redacted_thinking",
  "tool_use",
  "server_tool_use",
  "mcp_tool_use",
  "mcp_tool_result",
  ...SERVER_TOOL_RESULT_TYPES,
  "compaction",
  "container_upload",
  "mcp_tool_listing",
  "fallback",
]
/** Blocks of a mid-conversation `role: "system"` message (SDK BetaSystemMessageParam). */
const SYSTEM_TYPES = ["text", "tool_addition", "tool_removal"]
/** Every block tag the simulator accepts, in the order error messages list them. */
export const ALL_BLOCK_TYPES: readonly string[] = [
  ...new Set([...USER_TYPES, ...ASSISTANT_TYPES, ...SYSTEM_TYPES]),
]

const USER_SET = new Set(USER_TYPES)
const ASSISTANT_SET = new Set(ASSISTANT_TYPES)
const SYSTEM_SET = new Set(SYSTEM_TYPES)
const ROLE_SETS: Record<MessageRole, Set<string>> = {
  user: USER_SET,
  assistant: ASSISTANT_SET,
  system: SYSTEM_SET,
}
const TOOL_RESULT_CONTENT = ["text", "image", "document", "search_result"]

/** Coarse kind used by rules and token categories. */
export type BlockKind =
  | "text"
  | "media"
  | "tool_use"
  | "tool_result"
  | "thinking"
  | "redacted_thinking"
  | "compaction"
  | "other"

/** Where a tool pair runs: client tool_use, server_tool_use or MCP. */
export type ToolOrigin = "client" | "server" | "mcp"

function classifyType(type: string): {
  kind: BlockKind
  origin: ToolOrigin | null
} {
  switch (type) {
    case "text":
    case "search_result":
      return { kind: "text", origin: null }
    case "image":
    case "document":
      return { kind: "media", origin: null }
    case "thinking":
    case "redacted_thinking":
    case "compaction":
      return { kind: type, origin: null }
    case "tool_use":
      return { kind: "tool_use", origin: "client" }
    case "server_tool_use":
      return { kind: "tool_use", origin: "server" }
    case "mcp_tool_use":
      return { kind: "tool_use", origin: "mcp" }
    case "tool_result":
      return { kind: "tool_result", origin: "client" }
    case "mcp_tool_result":
      return { kind: "tool_result", origin: "mcp" }
    default:
      return type.endsWith("_tool_result")
        ? { kind: "tool_result", origin: "server" }
        : { kind: "other", origin: null }
  }
}

const CLASSES = new Map<
  string,
  { kind: BlockKind; origin: ToolOrigin | null }
>()

const TOOL_RESULT = Object.freeze(classifyType("tool_result"))
const TOOL_USE = Object.freeze(classifyType("tool_use"))
const TEXT = Object.freeze(classifyType("text"))

/** Kind and tool origin of a block type (shared, frozen results). */
export function classify(type: string): {
  readonly kind: BlockKind
  readonly origin: ToolOrigin | null
} {
  // The three commonest types skip the map lookup (one call per block).
  if (type === "tool_result") return TOOL_RESULT
  if (type === "tool_use") return TOOL_USE
  if (type === "text") return TEXT
  let c = CLASSES.get(type)
  if (!c) CLASSES.set(type, (c = Object.freeze(classifyType(type))))
  return c
}

type Obj = Record<string, unknown>

function field(
  p: (string | number)[],
  type: string,
  name: string,
  problem: string
): SimulateError {
  return issue([...p, name], problem, [...p, type, name])
}

function checkToolResultContent(
  p: (string | number)[],
  b: Obj
): SimulateError | null {
  const c = b.content
  if (c === undefined || c === null || typeof c === "string") return null
  if (!Array.isArray(c)) return field(p, "tool_result", "content", MSG.string)
  for (let k = 0; k < c.length; k++) {
    const x: unknown = c[k]
    const cp = [...p, "content", k]
    if (!isObj(x)) return issue(cp, MSG.object)
    if (x.type === undefined) return issue(cp, MSG.noTag)
    if (!TOOL_RESULT_CONTENT.includes(x.type as string))
      return issue(cp, MSG.tag(x.type, TOOL_RESULT_CONTENT))
    if (x.type === "text" && typeof x.text !== "string")
      return issue(
        [...cp, "text"],
        x.text === undefined ? MSG.required : MSG.string,
        [...cp, "text", "text"]
      )
  }
  return null
}

/**
 * Checks one content block of a message; returns the first problem or null.
 * Pushes non-fatal findings (e.g. a thinking block without signature) to `warnings`.
 */
export function checkBlock(
  b: unknown,
  role: MessageRole,
  mi: number,
  bi: number,
  warnings: SimulateWarning[]
): SimulateError | null {
  // Hot path (one call per block): fast exits for the common valid shapes,
  // the JSON path array is only built when something is wrong.
  if (isObj(b)) {
    const t = b.type
    if (t === "text" && typeof b.text === "string" && b.text.length > 0)
      return null
    if (
      t === "tool_use" &&
      role === "assistant" &&
      typeof b.id === "string" &&
      typeof b.name === "string" &&
      isObj(b.input)
    )
      return null
    if (
      t === "tool_result" &&
      role === "user" &&
      typeof b.tool_use_id === "string" &&
      typeof b.content === "string" &&
      (b.is_error === undefined || typeof b.is_error === "boolean")
    )
      return null
  }
  return checkBlockSlow(b, role, ["messages", mi, "content", bi], warnings)
}

function checkBlockSlow(
  b: unknown,
  role: MessageRole,
  p: (string | number)[],
  warnings: SimulateWarning[]
): SimulateError | null {
  if (!isObj(b)) return issue(p, MSG.object)
  const type = b.type
  if (type === undefined) return issue(p, MSG.noTag)
  if (typeof type !== "string" || !ALL_BLOCK_TYPES.includes(type))
    return issue(p, MSG.tag(type, ALL_BLOCK_TYPES))
  if (!ROLE_SETS[role].has(type)) {
    const where = (["user", "assistant", "system"] as const).filter((r) =>
      ROLE_SETS[r].has(type)
    )
    return issue(
      p,
      `\`${type}\` blocks are only allowed in ${where.join(" or ")} messages`
    )
  }
  const str = (name: string) =>
    typeof b[name] === "string"
      ? null
      : field(p, type, name, b[name] === undefined ? MSG.required : MSG.string)
  const obj = (name: string) =>
    isObj(b[name])
      ? null
      : field(p, type, name, b[name] === undefined ? MSG.required : MSG.object)
  switch (type) {
    case "text":
      if (typeof b.text === "string" && b.text.length === 0)
        return field(p, type, "text", "text content blocks must be non-empty")
      return str("text")
    case "image":
    case "document":
      return isObj(b.source)
        ? null
        : field(
            p,
            type,
            "source",
            b.source === undefined ? MSG.required : MSG.object
          )
    case "tool_use":
    case "server_tool_use":
    case "mcp_tool_use":
      return (
        str("id") ??
        str("name") ??
        (isObj(b.input)
          ? null
          : field(
              p,
              type,
              "input",
              b.input === undefined ? MSG.required : MSG.object
            ))
      )
    case "tool_result":
      if (
        b.is_error !== undefined &&
        b.is_error !== null &&
        typeof b.is_error !== "boolean"
      )
        return field(p, type, "is_error", MSG.bool)
      return str("tool_use_id") ?? checkToolResultContent(p, b)
    case "thinking":
      if (typeof b.signature !== "string")
        warnings.push({
          code: "thinking_signature_missing",
          message: `${p.join(".")}: thinking block without a signature; the real API rejects it (copy blocks from a real response).`,
          path: p,
        })
      return str("thinking")
    case "redacted_thinking":
      return str("data")
    case "tool_addition":
    case "tool_removal":
      return obj("tool")
    case "fallback":
      return obj("from") ?? obj("to")
    case "mcp_tool_listing":
      return (
        str("mcp_server_name") ??
        (Array.isArray(b.tools)
          ? null
          : field(
              p,
              type,
              "tools",
              b.tools === undefined ? MSG.required : MSG.list
            ))
      )
    case "compaction":
      if (b.content === "")
        return field(p, type, "content", "content cannot be empty")
      if (
        b.content !== undefined &&
        b.content !== null &&
        typeof b.content !== "string"
      )
        return field(p, type, "content", MSG.string)
      return null
    default:
      if (type.endsWith("_tool_result")) return str("tool_use_id")
      return null
  }
}
