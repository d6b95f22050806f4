// Deterministic behaviour of the fake Anthropic API: fault markers, request
// validation (a few documented error strings, docs/semantics.md#errors), token counts and the
// applied-edits rule. Plain JS so Playwright's webServer can run it with node.

export const CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27"
export const COMPACT_BETA = "compact-2026-01-12"

const FAULT = /\[\[fault:([a-z0-9-]+?)(?:x(\d+))?(?:,ra=(\d+(?:\.\d+)?))?\]\]/i

/**
 * Parses a fault spec such as `529x1,ra=1` (kind, optional times, optional
 * retry-after seconds). `times` undefined means "always".
 */
export function parseFault(spec) {
  const m = FAULT.exec(`[[fault:${spec}]]`)
  return m ? toFault(m) : null
}

function toFault(m) {
  return {
    kind: m[1].toLowerCase(),
    times: m[2] === undefined ? undefined : Number(m[2]),
    retryAfter: m[3] === undefined ? undefined : Number(m[3]),
  }
}

function textOf(content) {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  return content
    .filter((b) => b && b.type === "text" && typeof b.text === "string")
    .map((b) => b.text)
    .join("\n")
}

/** The `[[fault:…]]` marker in the first user message, if any. */
export function faultFromBody(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : []
  const first = messages.find((m) => m && m.role === "user")
  const m = first ? FAULT.exec(textOf(first.content)) : null
  return m ? toFault(m) : null
}

/** Rough deterministic token count: JSON length / 4, rounded up. */
export function tokensOf(value) {
  if (value === undefined) return 0
  return Math.ceil(JSON.stringify(value).length / 4)
}

function thinkingOn(body) {
  const t = body.thinking?.type
  return t === "enabled" || t === "adaptive"
}

function betasOf(headers) {
  return String(headers["anthropic-beta"] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
}

const invalid = (message) => ({
  status: 400,
  type: "invalid_request_error",
  message,
})

function tagError(i, type) {
  return invalid(
    `context_management.edits.${i}: Input tag '${type}' found using 'type' does not match any of the expected tags: 'clear_tool_uses_20250919', 'clear_thinking_20251015'`
  )
}

/** Validates like the API would (subset); returns an error or null. */
export function validateRequest(body, headers, endpoint) {
  if (typeof body?.model !== "string") return invalid("model: Field required")
  if (!Array.isArray(body.messages)) return invalid("messages: Field required")
  if (endpoint === "messages" && !Number.isInteger(body.max_tokens)) {
    return invalid("max_tokens: Field required")
  }
  const cm = body.context_management
  if (cm === undefined || cm === null) return null
  const betas = betasOf(headers)
  const hasCm = betas.includes(CONTEXT_MANAGEMENT_BETA)
  const hasCompact = betas.includes(COMPACT_BETA)
  if (!hasCm && !hasCompact) {
    return invalid("context_management: Extra inputs are not permitted")
  }
  const edits = Array.isArray(cm.edits) ? cm.edits : []
  for (const [i, edit] of edits.entries()) {
    const type = edit?.type
    if (type === "compact_20260112") {
      if (!hasCompact) return tagError(i, type)
      const value = edit.trigger?.value
      if (typeof value === "number" && value < 50000) {
        return invalid(
          `context_management.edits.${i}.trigger.value: Input should be greater than or equal to 50000`
        )
      }
    } else if (type === "clear_thinking_20251015") {
      if (!hasCm) return tagError(i, type)
      if (!thinkingOn(body)) {
        return invalid(
          "`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive"
        )
      }
    } else if (type === "clear_tool_uses_20250919") {
      if (!hasCm) return tagError(i, type)
    } else {
      return tagError(i, String(type))
    }
  }
  return null
}

function blocksOf(message) {
  return Array.isArray(message?.content) ? message.content : []
}

function clearThinking(edit, messages) {
  const all = edit.keep === "all" || edit.keep?.type === "all"
  const keep = all ? Infinity : (edit.keep?.value ?? 1)
  const isThinking = (b) =>
    b?.type === "thinking" || b?.type === "redacted_thinking"
  const turns = messages.filter(
    (m) => m?.role === "assistant" && blocksOf(m).some(isThinking)
  )
  const cleared = turns.slice(0, Math.max(0, turns.length - keep))
  const tokens = cleared
    .flatMap((m) => blocksOf(m).filter(isThinking))
    .reduce((sum, b) => sum + tokensOf(b), 0)
  return { count: cleared.length, tokens }
}

function clearToolUses(edit, messages, current) {
  const exclude = Array.isArray(edit.exclude_tools) ? edit.exclude_tools : []
  const results = new Map()
  for (const m of messages) {
    for (const b of blocksOf(m)) {
      if (b?.type === "tool_result") results.set(b.tool_use_id, b)
    }
  }
  const uses = messages
    .filter((m) => m?.role === "assistant")
    .flatMap((m) => blocksOf(m).filter((b) => b?.type === "tool_use"))
    .filter((b) => !exclude.includes(b.name))
  const trigger = edit.trigger ?? { type: "input_tokens", value: 100000 }
  const fires =
    trigger.type === "tool_uses"
      ? uses.length > trigger.value
      : current > trigger.value
  if (!fires) return null
  const keep = edit.keep?.value ?? 3
  const cleared = uses.slice(0, Math.max(0, uses.length - keep))
  const inputs = edit.clear_tool_inputs
  const tokens = cleared.reduce((sum, use) => {
    const clearInput =
      inputs === true || (Array.isArray(inputs) && inputs.includes(use.name))
    return (
      sum +
      tokensOf(results.get(use.id)?.content) +
      (clearInput ? tokensOf(use.input) : 0)
    )
  }, 0)
  if (cleared.length === 0) return null
  if (edit.clear_at_least && tokens < edit.clear_at_least.value) return null
  return { count: cleared.length, tokens }
}

/**
 * The fake's context-management rule. Original tokens = JSON length / 4 of
 * { system, tools, messages }. Edits run in array order:
 * - clear_thinking keeps the last `keep.value` (default 1) assistant turns
 *   with thinking; cleared tokens = their thinking blocks' JSON length / 4;
 * - clear_tool_uses fires when the running count exceeds the trigger
 *   (default 100,000 input tokens) and clears all but the last `keep.value`
 *   (default 3) non-excluded tool uses; cleared tokens = their results'
 *   content (+ inputs with clear_tool_inputs); `clear_at_least` gates it;
 * - compact_20260112 never produces an applied edit.
 */
export function simulateEdits(body) {
  const original = tokensOf({
    system: body.system,
    tools: body.tools,
    messages: body.messages,
  })
  const cm = body.context_management
  if (!cm || typeof cm !== "object") {
    return { original, edited: original, applied: null }
  }
  const messages = Array.isArray(body.messages) ? body.messages : []
  const edits = Array.isArray(cm.edits) ? cm.edits : []
  const applied = []
  let current = original
  for (const edit of edits) {
    if (edit?.type === "clear_thinking_20251015") {
      const r = clearThinking(edit, messages)
      if (r.count === 0) continue
      applied.push({
        type: edit.type,
        cleared_thinking_turns: r.count,
        cleared_input_tokens: r.tokens,
      })
      current -= r.tokens
    } else if (edit?.type === "clear_tool_uses_20250919") {
      const r = clearToolUses(edit, messages, current)
      if (!r) continue
      applied.push({
        type: edit.type,
        cleared_tool_uses: r.count,
        cleared_input_tokens: r.tokens,
      })
      current -= r.tokens
    }
  }
  return { original, edited: Math.max(0, current), applied }
}
