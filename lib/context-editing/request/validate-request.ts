/**
 * Top-level request validation (model, system, tools, tool_choice, thinking,
 * max_tokens). Messages and context_management have their own modules.
 * Messages follow the API's Pydantic-style "<dotted.path>: <problem>".
 */
import { extensions } from "@/lib/extensions/registry"

import { intProblem, isObj, issue, MSG } from "./issues"
import type { SimulateError } from "../types"

/**
 * Thinking mode as the edits see it; "absent" behaves like disabled.
 * `between_tools` (Sonnet 5.5, DOC) still returns thinking blocks between
 * tool calls, so the engine treats it as thinking on.
 */
export type ThinkingMode =
  "enabled" | "adaptive" | "between_tools" | "disabled" | "absent"

/** Whether thinking blocks are produced (and the thinking rules apply). */
export const thinkingIsOn = (t: ThinkingMode): boolean =>
  t === "enabled" || t === "adaptive" || t === "between_tools"

/** The top-level fields the simulator needs, checked. */
export interface ParsedRequest {
  /** The request as an object (a bare array becomes { messages }). */
  body: Record<string, unknown>
  bare: boolean
  modelId: string | null
  messages: unknown
  system: unknown
  tools: readonly Record<string, unknown>[]
  toolChoice: "auto" | "any" | "tool" | "none"
  thinking: ThinkingMode
  maxTokens: number | null
}

const TOOL_CHOICES = ["auto", "any", "tool", "none"] as const
// SDK BetaThinkingConfigParam; between_tools (Sonnet 5.5) is the newest.
const THINKING_TYPES = [
  "enabled",
  "disabled",
  "adaptive",
  "between_tools",
] as const

function checkSystem(system: unknown): SimulateError | null {
  if (system === undefined || system === null || typeof system === "string")
    return null
  if (!Array.isArray(system)) return issue(["system"], MSG.string)
  for (let i = 0; i < system.length; i++) {
    const b: unknown = system[i]
    if (!isObj(b)) return issue(["system", i], MSG.object)
    if (b.type !== "text")
      return issue(["system", i, "type"], "Input should be 'text'")
    if (typeof b.text !== "string")
      return issue(
        ["system", i, "text"],
        b.text === undefined ? MSG.required : MSG.string
      )
  }
  return null
}

/**
 * A client tool's input_schema checked against JSON Schema draft 2020-12
 * (lib/extensions/json-schema.ts), with the API's words.
 */
function checkInputSchema(schema: unknown, i: number): SimulateError | null {
  const problem = extensions.inputSchemaProblem?.(schema)
  if (!problem) return null
  return issue(["tools", i, "input_schema"], problem, [
    "tools",
    i,
    "custom",
    "input_schema",
  ])
}

function checkTools(tools: unknown): SimulateError | null {
  if (tools === undefined || tools === null) return null
  if (!Array.isArray(tools)) return issue(["tools"], MSG.list)
  const names = new Set<string>()
  for (let i = 0; i < tools.length; i++) {
    const t: unknown = tools[i]
    if (!isObj(t)) return issue(["tools", i], MSG.object)
    const client =
      t.type === undefined || t.type === null || t.type === "custom"
    // A client tool needs a name; a server tool or toolset may have none
    // (SDK BetaMCPToolset: `mcp_server_name` only; OBS: answered 200).
    if (t.name === undefined) {
      if (client) return issue(["tools", i, "name"], MSG.required)
      if (typeof t.type !== "string")
        return issue(["tools", i, "type"], MSG.string)
      continue
    }
    if (typeof t.name !== "string")
      return issue(["tools", i, "name"], MSG.string)
    if (client && !isObj(t.input_schema))
      return issue(
        ["tools", i, "input_schema"],
        t.input_schema === undefined ? MSG.required : MSG.object
      )
    if (!client && typeof t.type !== "string")
      return issue(["tools", i, "type"], MSG.string)
    const schema = client ? checkInputSchema(t.input_schema, i) : null
    if (schema) return schema
    if (names.has(t.name)) return issue(["tools"], "Tool names must be unique.")
    names.add(t.name)
  }
  return null
}

function checkToolChoice(tc: unknown): SimulateError | null {
  if (tc === undefined || tc === null) return null
  if (!isObj(tc)) return issue(["tool_choice"], MSG.object)
  if (tc.type === undefined) return issue(["tool_choice"], MSG.noTag)
  if (!TOOL_CHOICES.includes(tc.type as never))
    return issue(["tool_choice"], MSG.tag(tc.type, TOOL_CHOICES))
  if (tc.type === "tool" && typeof tc.name !== "string")
    return issue(
      ["tool_choice", "name"],
      tc.name === undefined ? MSG.required : MSG.string,
      ["tool_choice", "tool", "name"]
    )
  return null
}

function checkThinking(
  th: unknown,
  maxTokens: number | null
): SimulateError | null {
  if (th === undefined || th === null) return null
  if (!isObj(th)) return issue(["thinking"], MSG.object)
  // OBS (pydantic-ai cassette, Fable 5.1, answered 200): a thinking object
  // with only `block_binding` is accepted; the model's default applies.
  if (th.type === undefined) return null
  if (!THINKING_TYPES.includes(th.type as never))
    return issue(["thinking"], MSG.tag(th.type, THINKING_TYPES))
  if (th.type !== "enabled") return null
  const p = intProblem(th.budget_tokens, 1024)
  if (th.budget_tokens === undefined)
    return issue(["thinking", "budget_tokens"], MSG.required, [
      "thinking",
      "enabled",
      "budget_tokens",
    ])
  if (p)
    return issue(["thinking", "budget_tokens"], p, [
      "thinking",
      "enabled",
      "budget_tokens",
    ])
  if (maxTokens !== null && maxTokens <= (th.budget_tokens as number))
    return issue(
      ["max_tokens"],
      "`max_tokens` must be greater than `thinking.budget_tokens`.",
      null
    )
  return null
}

/**
 * `container`: the id string; an object only with `skills` (the SDK's
 * BetaContainerParams, for Agent Skills). OBS: a live 400 answered
 * `{ id }` alone with "container: Input should be a valid string"
 * (pydantic-ai's recorded test_anthropic_container_setting_explicit_dict_form_live).
 */
function checkContainer(container: unknown): SimulateError | null {
  if (container === undefined || container === null) return null
  if (typeof container === "string") return null
  if (isObj(container) && Array.isArray(container.skills)) return null
  return issue(["container"], MSG.string)
}

/** Validates the top level; a bare array is accepted as `{ messages }`. */
export function parseRequest(
  request: unknown
): { ok: true; value: ParsedRequest } | { ok: false; error: SimulateError } {
  const bare = Array.isArray(request)
  if (!bare && !isObj(request))
    return {
      ok: false,
      error: issue(
        [],
        "Request body should be a JSON object or a messages array",
        null
      ),
    }
  const body: Record<string, unknown> = bare
    ? { messages: request }
    : (request as Record<string, unknown>)
  const fail = (error: SimulateError) => ({ ok: false as const, error })
  if (
    body.model !== undefined &&
    body.model !== null &&
    typeof body.model !== "string"
  )
    return fail(issue(["model"], MSG.string))
  if (body.messages === undefined)
    return fail(issue(["messages"], MSG.required))
  let maxTokens: number | null = null
  if (body.max_tokens !== undefined && body.max_tokens !== null) {
    const p = intProblem(body.max_tokens, 1)
    if (p) return fail(issue(["max_tokens"], p))
    maxTokens = body.max_tokens as number
  }
  const e =
    checkSystem(body.system) ??
    checkTools(body.tools) ??
    checkToolChoice(body.tool_choice) ??
    checkThinking(body.thinking, maxTokens) ??
    checkContainer(body.container)
  if (e) return fail(e)
  const tc = isObj(body.tool_choice)
    ? (body.tool_choice.type as ParsedRequest["toolChoice"])
    : "auto"
  const th =
    isObj(body.thinking) && body.thinking.type !== undefined
      ? (body.thinking.type as ThinkingMode)
      : "absent"
  return {
    ok: true,
    value: {
      body,
      bare,
      modelId:
        typeof body.model === "string" && body.model.trim() !== ""
          ? body.model
          : null,
      messages: body.messages,
      system: body.system,
      tools: Array.isArray(body.tools)
        ? (body.tools as Record<string, unknown>[])
        : [],
      toolChoice: tc,
      thinking: th,
      maxTokens,
    },
  }
}
