// A generated Claude Code log in the shape of the large Opus 4.6 logs users
// import (for speed measurements only; its numbers are made up, never used
// as evidence): ≈2.7 MB, one entry per content block, thinking on some
// answers only, tool loops with Read results, two automatic compactions,
// and Haiku subagent calls written into the main file.
// buildLog(turns = 230) → JSONL text.

const SIG = "EqQBCkgIBxABGAIiQL" + "x".repeat(200)
const code = (i) =>
  Array.from(
    { length: 120 },
    (_, k) =>
      `${String(k + 1).padStart(6)}→export function f${i}_${k}(a: number) { return a * ${k} + ${i} }`
  ).join("\n")

export function buildLog(turns = 230) {
  const lines = []
  let parent = null
  let n = 0
  const t0 = Date.UTC(2026, 1, 10, 9)
  const at = () => new Date(t0 + n * 20_000).toISOString()
  const push = (e) => {
    n++
    const uuid = `e${n}`
    lines.push(
      JSON.stringify({
        parentUuid: parent,
        isSidechain: false,
        userType: "external",
        cwd: "/home/dev/app",
        sessionId: "gen",
        version: "2.1.40",
        uuid,
        timestamp: at(),
        ...e,
      })
    )
    parent = uuid
    return uuid
  }
  const usage = (model, read, write) => ({
    input_tokens: 3,
    cache_creation_input_tokens: write,
    cache_read_input_tokens: read,
    cache_creation: {
      ephemeral_5m_input_tokens: write,
      ephemeral_1h_input_tokens: 0,
    },
    output_tokens: 200,
    service_tier: "standard",
  })
  let ctx = 18_000
  for (let i = 0; i < turns; i++) {
    if (i % 12 === 0)
      push({
        type: "user",
        message: {
          role: "user",
          content: `Step ${i}: keep going with the refactor of module ${i}.`,
        },
      })
    const id = `msg_${i}`
    const think = i % 3 === 0
    const common = { type: "assistant", requestId: `req_${i}` }
    const msg = (content) => ({
      model: "claude-opus-4-6",
      id,
      type: "message",
      role: "assistant",
      content,
      usage: usage("claude-opus-4-6", ctx, 3000),
    })
    if (think)
      push({
        ...common,
        message: msg([
          { type: "thinking", thinking: `Plan step ${i}.`, signature: SIG },
        ]),
      })
    push({
      ...common,
      message: msg([
        {
          type: "tool_use",
          id: `toolu_${i}`,
          name: "Read",
          input: { file_path: `/home/dev/app/src/m${i}.ts` },
        },
      ]),
    })
    push({
      type: "user",
      message: {
        role: "user",
        content: [
          { tool_use_id: `toolu_${i}`, type: "tool_result", content: code(i) },
        ],
      },
    })
    ctx += 3000
    if (i === 90 || i === 170) {
      const boundary = `b${i}`
      n++
      lines.push(
        JSON.stringify({
          parentUuid: null,
          logicalParentUuid: parent,
          isSidechain: false,
          type: "system",
          subtype: "compact_boundary",
          uuid: boundary,
          timestamp: at(),
          compactMetadata: { trigger: "auto", preTokens: ctx },
        })
      )
      parent = boundary
      push({
        type: "user",
        isCompactSummary: true,
        message: {
          role: "user",
          content: `This session is being continued from a previous conversation. Summary of steps up to ${i}.`,
        },
      })
      ctx = 25_000
    }
    if (i % 4 === 0) {
      const side = {
        parentUuid: null,
        isSidechain: true,
        userType: "external",
        sessionId: "gen",
        type: "user",
        uuid: `s${i}`,
        timestamp: at(),
        message: { role: "user", content: `Find usages of f${i}` },
      }
      lines.push(JSON.stringify(side))
      lines.push(
        JSON.stringify({
          parentUuid: `s${i}`,
          isSidechain: true,
          type: "assistant",
          uuid: `sa${i}`,
          timestamp: at(),
          requestId: `req_s${i}`,
          message: {
            model: "claude-haiku-4-5-20251001",
            id: `msg_s${i}`,
            type: "message",
            role: "assistant",
            content: [{ type: "text", text: `f${i} is used in 3 places.` }],
            usage: usage("claude-haiku-4-5-20251001", 0, 9000),
          },
        })
      )
    }
  }
  return `${lines.join("\n")}\n`
}
