/**
 * The one list of content block types: where each may appear (user,
 * assistant or mid-conversation system messages, inside a `tool_result`)
 * and which fields it must carry. The engine's validation, the editor's JSON
 * schema and the compose UI all read it.
 *
 * Derived from the SDK's beta types (`BetaContentBlockParam`,
 * `BetaToolResultBlockParam["content"]`, `BetaSystemMessageParam`): the
 * `satisfies` clauses below fail to compile when the SDK gains or loses a
 * block type, or when a type's required fields change, so this list cannot
 * drift from the SDK silently. Which role may hold which block is the API's
 * rule, not the SDK's (one union serves both roles): see `roles`.
 */
import type {
  BetaContentBlockParam,
  BetaToolResultContentBlockParam,
} from "@anthropic-ai/sdk/resources/beta/messages/messages"

import type { MessageRole } from "../types"

/**
 * How a required field is checked: its JSON kind, `any` (present, any
 * value), or `string_warn` (a missing string is a warning, not a 400: a
 * thinking block without signature is still worth simulating).
 */
export type FieldKind = "string" | "object" | "list" | "any" | "string_warn"

type RequiredKeys<T> = {
  [K in keyof T]-?: object extends Pick<T, K> ? never : K
}[keyof T]
type Fields<U, K> = Exclude<RequiredKeys<Extract<U, { type: K }>>, "type">

/** A block type of messages: its roles and required fields. */
export interface BlockTypeSpec {
  roles: readonly MessageRole[]
  required: Readonly<Record<string, FieldKind>>
}

type MessageBlockType = BetaContentBlockParam["type"]
type ToolResultBlockType = BetaToolResultContentBlockParam["type"]

const USER = ["user"] as const
const ASSISTANT = ["assistant"] as const
const BOTH = ["user", "assistant"] as const
const SYSTEM = ["system"] as const
const RESULT = { tool_use_id: "string", content: "any" } as const
const TOOL_CALL = { id: "string", name: "string", input: "object" } as const

/**
 * Every block type of a message, in the order error messages list them.
 * Roles: the API's placement rules as the engine enforced them before this
 * list (tool results in user messages, the model's own blocks in assistant
 * messages, `tool_addition` / `tool_removal` only in system messages, per
 * the SDK comment "Mid-conversation directive").
 */
export const MESSAGE_BLOCK_TYPES = {
  text: {
    roles: ["user", "assistant", "system"],
    required: { text: "string" },
  },
  image: { roles: USER, required: { source: "object" } },
  document: { roles: USER, required: { source: "object" } },
  search_result: {
    roles: USER,
    required: { content: "list", source: "string", title: "string" },
  },
  tool_result: { roles: USER, required: { tool_use_id: "string" } },
  compaction: { roles: BOTH, required: {} },
  container_upload: { roles: BOTH, required: { file_id: "string" } },
  thinking: {
    roles: ASSISTANT,
    required: { thinking: "string", signature: "string_warn" },
  },
  redacted_thinking: { roles: ASSISTANT, required: { data: "string" } },
  tool_use: { roles: ASSISTANT, required: TOOL_CALL },
  server_tool_use: { roles: ASSISTANT, required: TOOL_CALL },
  mcp_tool_use: {
    roles: ASSISTANT,
    required: { ...TOOL_CALL, server_name: "string" },
  },
  mcp_tool_result: { roles: ASSISTANT, required: { tool_use_id: "string" } },
  web_search_tool_result: { roles: ASSISTANT, required: RESULT },
  web_fetch_tool_result: { roles: ASSISTANT, required: RESULT },
  code_execution_tool_result: { roles: ASSISTANT, required: RESULT },
  bash_code_execution_tool_result: { roles: ASSISTANT, required: RESULT },
  text_editor_code_execution_tool_result: {
    roles: ASSISTANT,
    required: RESULT,
  },
  tool_search_tool_result: { roles: ASSISTANT, required: RESULT },
  advisor_tool_result: { roles: ASSISTANT, required: RESULT },
  mcp_tool_listing: {
    roles: ASSISTANT,
    required: { mcp_server_name: "string", tools: "list" },
  },
  fallback: { roles: ASSISTANT, required: { from: "object", to: "object" } },
  tool_addition: { roles: SYSTEM, required: { tool: "object" } },
  tool_removal: { roles: SYSTEM, required: { tool: "object" } },
} as const satisfies {
  [K in MessageBlockType]: {
    roles: readonly MessageRole[]
    required: Record<Fields<BetaContentBlockParam, K>, FieldKind>
  }
}

/** Block types allowed inside `tool_result.content` (e.g. `tool_reference` from tool search). */
export const TOOL_RESULT_BLOCK_TYPES = {
  text: { text: "string" },
  image: { source: "object" },
  document: { source: "object" },
  search_result: { content: "list", source: "string", title: "string" },
  tool_reference: { tool_name: "string" },
  browser_state: { tabs: "list" },
} as const satisfies {
  [K in ToolResultBlockType]: Record<
    Fields<BetaToolResultContentBlockParam, K>,
    FieldKind
  >
}

/** The spec of a message block type, or undefined for a type the SDK does not define. */
export function blockTypeSpec(type: string): BlockTypeSpec | undefined {
  return Object.hasOwn(MESSAGE_BLOCK_TYPES, type)
    ? MESSAGE_BLOCK_TYPES[type as MessageBlockType]
    : undefined
}

/** Required fields of a block type inside `tool_result.content`, or undefined. */
export function toolResultBlockFields(
  type: string
): Readonly<Record<string, FieldKind>> | undefined {
  return Object.hasOwn(TOOL_RESULT_BLOCK_TYPES, type)
    ? TOOL_RESULT_BLOCK_TYPES[type as ToolResultBlockType]
    : undefined
}

/** Every message block type, in list order. */
export const ALL_BLOCK_TYPES: readonly string[] =
  Object.keys(MESSAGE_BLOCK_TYPES)

/** Message block types a role may hold, in list order (for "+ block" menus). */
export function blockTypesFor(role: MessageRole): string[] {
  return ALL_BLOCK_TYPES.filter((t) => blockTypeSpec(t)!.roles.includes(role))
}

/** Server tool result block types: every `*_tool_result` but the client and MCP ones. */
export const SERVER_TOOL_RESULT_TYPES: readonly string[] =
  ALL_BLOCK_TYPES.filter(
    (t) =>
      t.endsWith("_tool_result") &&
      t !== "tool_result" &&
      t !== "mcp_tool_result"
  )

const EMPTY: Record<FieldKind, () => unknown> = {
  string: () => "",
  string_warn: () => "",
  object: () => ({}),
  list: () => [],
  any: () => [],
}

/** A new block of `type` with each required field empty, for "+ block" menus. */
export function blockTemplate(type: string): Record<string, unknown> {
  const spec = blockTypeSpec(type)
  const out: Record<string, unknown> = { type }
  for (const [name, kind] of Object.entries(spec?.required ?? {}))
    out[name] = EMPTY[kind]()
  return out
}
