/**
 * Which content block types exist, where they may appear and what each must
 * contain. Server tool results are every `*_tool_result` type the SDK knows.
 */
import {
  ALL_BLOCK_TYPES,
  blockTypeSpec,
  type FieldKind,
  toolResultBlockFields,
} from "./block-types"
import { isObj, issue, MSG } from "./issues"
import type { MessageRole, SimulateError, SimulateWarning } from "../types"

export type { MessageRole }

export { ALL_BLOCK_TYPES, SERVER_TOOL_RESULT_TYPES } from "./block-types"

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
type Path = (string | number)[]

const KIND_OK: Record<Exclude<FieldKind, "any">, (v: unknown) => boolean> = {
  string: (v) => typeof v === "string",
  string_warn: (v) => typeof v === "string",
  object: isObj,
  list: Array.isArray,
}
const KIND_MSG: Record<Exclude<FieldKind, "any">, string> = {
  string: MSG.string,
  string_warn: MSG.string,
  object: MSG.object,
  list: MSG.list,
}

/** The first required field (of the SDK's block type) that is missing or of the wrong kind. */
function checkFields(
  b: Obj,
  p: Path,
  shown: Path,
  required: Readonly<Record<string, FieldKind>>,
  warnings: SimulateWarning[]
): SimulateError | null {
  for (const [name, kind] of Object.entries(required)) {
    const v = b[name]
    if (kind === "any") {
      if (v === undefined)
        return issue([...p, name], MSG.required, [...shown, name])
      continue
    }
    if (kind === "string_warn" && v === undefined) {
      warnings.push({
        code: "thinking_signature_missing",
        message: `${p.join(".")}: thinking block without a signature; the real API rejects it (copy blocks from a real response).`,
        path: p,
      })
      continue
    }
    if (!KIND_OK[kind](v))
      return issue(
        [...p, name],
        v === undefined ? MSG.required : KIND_MSG[kind],
        [...shown, name]
      )
  }
  return null
}

/** A well-formed block of a type this list does not hold: counted, passed through, flagged. */
function unknownBlock(p: Path, type: string, where: string): SimulateWarning {
  return {
    code: "unknown_block_type",
    message: `${p.join(".")}: \`${type}\` is not a block type the simulator knows${where}; it is passed through unchanged and counted as JSON. The API may accept it (a newer SDK type) or reject it.`,
    path: p,
  }
}

function checkToolResultContent(
  p: Path,
  b: Obj,
  warnings: SimulateWarning[]
): SimulateError | null {
  const c = b.content
  if (c === undefined || c === null || typeof c === "string") return null
  if (!Array.isArray(c))
    return issue([...p, "content"], MSG.string, [
      ...p,
      "tool_result",
      "content",
    ])
  for (let k = 0; k < c.length; k++) {
    const x: unknown = c[k]
    const cp = [...p, "content", k]
    if (!isObj(x)) return issue(cp, MSG.object)
    if (x.type === undefined) return issue(cp, MSG.noTag)
    const known =
      typeof x.type === "string" ? toolResultBlockFields(x.type) : undefined
    if (typeof x.type !== "string") return issue(cp, MSG.tag(x.type, []))
    if (!known) {
      warnings.push(unknownBlock(cp, x.type, " inside a tool_result"))
      continue
    }
    const e = checkFields(x, cp, [...cp, x.type], known, warnings)
    if (e) return e
  }
  return null
}

/**
 * Checks one content block of a message; returns the first problem or null.
 * Pushes non-fatal findings (e.g. a thinking block without signature, a
 * block type the SDK does not define) to `warnings`.
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

function misplaced(p: Path, type: string, roles: readonly MessageRole[]) {
  return issue(
    p,
    `\`${type}\` blocks are only allowed in ${roles.join(" or ")} messages`
  )
}

function checkBlockSlow(
  b: unknown,
  role: MessageRole,
  p: Path,
  warnings: SimulateWarning[]
): SimulateError | null {
  if (!isObj(b)) return issue(p, MSG.object)
  const type = b.type
  if (type === undefined) return issue(p, MSG.noTag)
  if (typeof type !== "string") return issue(p, MSG.tag(type, ALL_BLOCK_TYPES))
  const spec = blockTypeSpec(type)
  if (!spec) {
    warnings.push(unknownBlock(p, type, ""))
    return null
  }
  if (!spec.roles.includes(role)) return misplaced(p, type, spec.roles)
  const e = checkFields(b, p, [...p, type], spec.required, warnings)
  if (e) return e
  switch (type) {
    case "text":
      return (b.text as string).length === 0
        ? issue([...p, "text"], "text content blocks must be non-empty", [
            ...p,
            type,
            "text",
          ])
        : null
    case "tool_use":
    case "server_tool_use":
    case "mcp_tool_use":
      return null
    case "tool_result":
      if (
        b.is_error !== undefined &&
        b.is_error !== null &&
        typeof b.is_error !== "boolean"
      )
        return issue([...p, "is_error"], MSG.bool, [...p, type, "is_error"])
      return checkToolResultContent(p, b, warnings)
    case "compaction":
      return checkCompaction(b, p)
    default:
      return null
  }
}

function checkCompaction(b: Obj, p: Path): SimulateError | null {
  const shown = [...p, "compaction", "content"]
  if (b.content === "")
    return issue([...p, "content"], "content cannot be empty", shown)
  if (
    b.content !== undefined &&
    b.content !== null &&
    typeof b.content !== "string"
  )
    return issue([...p, "content"], MSG.string, shown)
  return null
}
