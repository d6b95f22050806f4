/**
 * Small Claude Code logs for the replay's tests: one user turn and one
 * answer per step, each answer with the usage and time given, in the
 * entry shape Claude Code writes.
 */
export interface Step {
  /** What the user says (its size drives the prompt). */
  say: string
  /** ISO time of the answer. */
  at: string
  usage: { input: number; write: number; read: number; hour?: number }
  model?: string
  /** Write the answer on a side branch (not on the conversation's chain). */
  offChain?: boolean
  /** The answer begins with a (signed) thinking block. */
  think?: boolean
}

const words = (n: number) => "lorem ipsum dolor sit amet ".repeat(n)

/** A user text of about `tokens` tokens. */
export const sized = (tokens: number) => words(Math.ceil(tokens / 5))

/**
 * A session whose tool clearing changes the cached prefix: a 5,000-token
 * question, then five `read` calls with 3,000-token results, and
 * clear_tool_uses above 10,000 input tokens keeping 1 (Opus 4.5).
 */
export function prefixClearingSession() {
  const loop = (i: number) => [
    {
      role: "assistant",
      content: [{ type: "tool_use", id: `t${i}`, name: "read", input: { i } }],
    },
    {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: `t${i}`, content: sized(3000) },
      ],
    },
  ]
  return {
    model: "claude-opus-4-5",
    max_tokens: 1000,
    tools: [{ name: "read", input_schema: { type: "object" } }],
    context_management: {
      edits: [
        {
          type: "clear_tool_uses_20250919",
          trigger: { type: "input_tokens", value: 10000 },
          keep: { type: "tool_uses", value: 1 },
        },
      ],
    },
    messages: [
      { role: "user", content: sized(5000) },
      ...[0, 1, 2, 3, 4].flatMap(loop),
    ],
  }
}

export function claudeLog(steps: Step[], model = "claude-opus-4-5-20251101") {
  const lines: string[] = []
  let parent: string | null = null
  steps.forEach((s, i) => {
    const u = `u${i}`
    const a = `a${i}`
    lines.push(
      JSON.stringify({
        type: "user",
        uuid: u,
        parentUuid: parent,
        isSidechain: false,
        timestamp: s.at,
        message: { role: "user", content: s.say },
      })
    )
    lines.push(
      JSON.stringify({
        type: "assistant",
        uuid: a,
        parentUuid: s.offChain ? parent : u,
        isSidechain: false,
        timestamp: s.at,
        requestId: `req_${i}`,
        message: {
          id: `msg_${i}`,
          role: "assistant",
          model: s.model ?? model,
          content: [
            ...(s.think
              ? [
                  {
                    type: "thinking",
                    thinking: sized(400),
                    signature: `sig${i}`,
                  },
                ]
              : []),
            { type: "text", text: `Answer ${i}.` },
          ],
          usage: {
            input_tokens: s.usage.input,
            cache_creation_input_tokens: s.usage.write,
            cache_read_input_tokens: s.usage.read,
            cache_creation: {
              ephemeral_5m_input_tokens: s.usage.write - (s.usage.hour ?? 0),
              ephemeral_1h_input_tokens: s.usage.hour ?? 0,
            },
            output_tokens: 20,
          },
        },
      })
    )
    if (!s.offChain) parent = a
  })
  return `${lines.join("\n")}\n`
}
