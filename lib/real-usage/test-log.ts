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
}

const words = (n: number) => "lorem ipsum dolor sit amet ".repeat(n)

/** A user text of about `tokens` tokens. */
export const sized = (tokens: number) => words(Math.ceil(tokens / 5))

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
          content: [{ type: "text", text: `Answer ${i}.` }],
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
