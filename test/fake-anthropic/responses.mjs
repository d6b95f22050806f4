// Builds the fake's replies: a complete BetaMessage and the same message as
// the SSE event sequence the real API streams (message_start,
// content_block_start/delta/stop per block, message_delta, message_stop).

function chunks(text, size) {
  const out = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out.length > 0 ? out : [""]
}

/** Content blocks of the fake reply: thinking (if on), text, tool_use (if tools). */
export function buildReply(body, sim, n, { slow = false } = {}) {
  const content = []
  const t = body.thinking?.type
  if (t === "enabled" || t === "adaptive") {
    content.push({
      type: "thinking",
      thinking:
        "The user wants a reply from the fake server. I will summarise what I was sent.",
      signature: `fake-signature-${n}`,
    })
  }
  const cleared = (sim.applied ?? []).reduce(
    (sum, e) => sum + e.cleared_input_tokens,
    0
  )
  const base = `Fake reply #${n}: I read ${body.messages.length} message(s), ${sim.edited} input tokens after context management (${cleared} cleared).`
  const text = slow
    ? `${base} ${"This reply streams slowly. ".repeat(6)}`
    : base
  content.push({ type: "text", text, citations: null })
  const tools = Array.isArray(body.tools) ? body.tools : []
  const firstTool = tools.find((tool) => typeof tool?.name === "string")
  if (firstTool && body.tool_choice?.type !== "none") {
    content.push({
      type: "tool_use",
      id: `toolu_fake_${n}`,
      name: firstTool.name,
      input: { query: "fake input", attempt: n },
    })
  }
  const stopReason = content.some((b) => b.type === "tool_use")
    ? "tool_use"
    : "end_turn"
  const outputTokens = Math.ceil(JSON.stringify(content).length / 4)
  return { content, stopReason, outputTokens }
}

// With automatic caching (sim.cache, see server.mjs) the whole prompt is
// written on the first send and read on an identical resend; input_tokens
// is then only what follows the cached prefix (none), as the API reports.
function usage(sim, outputTokens) {
  const cache = sim.cache ?? { read: 0, write: 0 }
  return {
    input_tokens: sim.edited - cache.read - cache.write,
    output_tokens: outputTokens,
    cache_creation_input_tokens: cache.write,
    cache_read_input_tokens: cache.read,
    server_tool_use: null,
  }
}

function contextManagement(sim) {
  return sim.applied === null ? null : { applied_edits: sim.applied }
}

/** How a reply stopped, as a message and its message_delta say it. */
function stopFields(stopReason) {
  return {
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: null,
    container: null,
  }
}

/**
 * A BetaMessage: the whole reply, or the empty one message_start opens.
 * `diagnostics` (cache diagnostics, see server.mjs) only when the request
 * asked for them.
 */
function message(body, n, content, stopReason, usageOut, management, sim) {
  return {
    id: `msg_fake_${n}`,
    type: "message",
    role: "assistant",
    model: body.model,
    content,
    ...stopFields(stopReason),
    usage: usageOut,
    context_management: management,
    ...(sim?.diagnostics !== undefined ? { diagnostics: sim.diagnostics } : {}),
  }
}

/** The non-streaming BetaMessage. */
export function buildMessage(body, sim, n) {
  const reply = buildReply(body, sim, n)
  return message(
    body,
    n,
    reply.content,
    reply.stopReason,
    usage(sim, reply.outputTokens),
    contextManagement(sim),
    sim
  )
}

function startBlock(block) {
  switch (block.type) {
    case "thinking":
      return { type: "thinking", thinking: "", signature: "" }
    case "text":
      return { type: "text", text: "", citations: null }
    default:
      return { ...block, input: {} }
  }
}

function deltas(block, slow) {
  const size = slow ? 6 : 16
  switch (block.type) {
    case "thinking":
      return [
        ...chunks(block.thinking, size).map((thinking) => ({
          type: "thinking_delta",
          thinking,
        })),
        { type: "signature_delta", signature: block.signature },
      ]
    case "text":
      return chunks(block.text, size).map((text) => ({
        type: "text_delta",
        text,
      }))
    default:
      return chunks(JSON.stringify(block.input), 8).map((partial_json) => ({
        type: "input_json_delta",
        partial_json,
      }))
  }
}

/** The SSE events, as `{ event, data }` pairs, in wire order. */
export function buildStreamEvents(body, sim, n, { slow = false } = {}) {
  const reply = buildReply(body, sim, n, { slow })
  const events = [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: message(body, n, [], null, usage(sim, 1), null, sim),
      },
    },
    { event: "ping", data: { type: "ping" } },
  ]
  reply.content.forEach((block, index) => {
    events.push({
      event: "content_block_start",
      data: {
        type: "content_block_start",
        index,
        content_block: startBlock(block),
      },
    })
    for (const delta of deltas(block, slow)) {
      events.push({
        event: "content_block_delta",
        data: { type: "content_block_delta", index, delta },
      })
    }
    events.push({
      event: "content_block_stop",
      data: { type: "content_block_stop", index },
    })
  })
  events.push(
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: stopFields(reply.stopReason),
        usage: usage(sim, reply.outputTokens),
        context_management: contextManagement(sim),
      },
    },
    { event: "message_stop", data: { type: "message_stop" } }
  )
  return events
}
