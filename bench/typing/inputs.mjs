// The three inputs of the typing benchmark, built in Node, deterministic:
// an ≈800k-token generated session, a ≈2.7 MB Claude Code log shaped like a
// real one (one line per assistant content block, uuid chain, per-request
// usage), and the engine bench's ≈1M-token request (buildRequest).
import "../lib/register-ts.mjs"

const { generateSession } = await import("@/lib/generate")
const { buildRequest } = await import("../engine/request.mjs")

export function generatedSession() {
  return generateSession({
    targetTokens: 800_000,
    toolCalls: 600,
    thinking: false,
    seed: 36,
  })
}

const SESSION = "3a9c0b1e-0000-4000-8000-000000000036"

function line(fields) {
  return JSON.stringify({
    isSidechain: false,
    userType: "external",
    cwd: "/home/dev/service",
    sessionId: SESSION,
    version: "2.0.14",
    gitBranch: "main",
    ...fields,
  })
}

/** One Claude Code JSONL log of `targetBytes` or a little more. */
export function claudeCodeLog(targetBytes = 2_700_000) {
  const request = generateSession({
    targetTokens: Math.round(targetBytes / 4.4),
    toolCalls: 400,
    thinking: false,
    seed: 27,
  })
  const lines = []
  let parent = null
  let n = 0
  let cached = 0
  let chars = 0
  const time = () => new Date(Date.UTC(2026, 9, 1, 10, 0, n)).toISOString()
  for (const message of request.messages) {
    const blocks =
      typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : message.content
    const size = JSON.stringify(blocks).length
    if (message.role === "user") {
      const uuid = `u${++n}`
      lines.push(
        line({
          parentUuid: parent,
          type: "user",
          uuid,
          timestamp: time(),
          message: { role: "user", content: message.content },
        })
      )
      parent = uuid
      chars += size
      continue
    }
    const total = Math.round(chars / 3.6) + 9000
    const usage = {
      input_tokens: 4,
      cache_creation_input_tokens: Math.max(0, total - cached - 4),
      cache_read_input_tokens: cached,
      output_tokens: Math.round(size / 3.6),
    }
    cached = total - 4
    const id = `msg_${String(n).padStart(6, "0")}`
    for (const block of blocks) {
      const uuid = `a${++n}`
      lines.push(
        line({
          parentUuid: parent,
          type: "assistant",
          uuid,
          timestamp: time(),
          requestId: `req_${id}`,
          message: {
            id,
            type: "message",
            role: "assistant",
            model: "claude-sonnet-4-5-20250929",
            content: [block],
            stop_reason: null,
            usage,
          },
        })
      )
      parent = uuid
    }
    chars += size
  }
  return lines.join("\n") + "\n"
}

export function benchRequest() {
  return buildRequest(2)
}
