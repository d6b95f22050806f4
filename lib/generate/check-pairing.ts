import type { ContentBlock, MessageParam } from "@/lib/import/types"

function blocks(message: MessageParam | undefined): ContentBlock[] {
  if (!message || typeof message.content === "string") return []
  return message.content
}

/**
 * Problems the API would reject in tool pairing, in words (empty = valid):
 * every `tool_use` answered by a `tool_result` in the next (user) message,
 * every result pointing at a call of the previous assistant message, server
 * tool calls answered in the same message, ids unique.
 */
export function checkToolPairing(request: {
  messages: MessageParam[]
}): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  const { messages } = request
  messages.forEach((message, i) => {
    const content = blocks(message)
    if (message.role === "assistant") {
      const next = messages[i + 1]
      const answered = new Set(
        blocks(next)
          .filter((b) => b.type === "tool_result")
          .map((b) => String(b.tool_use_id))
      )
      const serverResults = new Set(
        content
          .filter((b) => b.type.endsWith("_tool_result"))
          .map((b) => String(b.tool_use_id))
      )
      for (const block of content) {
        if (block.type !== "tool_use" && block.type !== "server_tool_use")
          continue
        const id = String(block.id)
        if (seen.has(id)) problems.push(`messages.${i}: duplicate id ${id}`)
        seen.add(id)
        if (block.type === "server_tool_use") {
          if (!serverResults.has(id))
            problems.push(`messages.${i}: server tool use ${id} has no result`)
        } else if (next && !answered.has(id)) {
          problems.push(
            `messages.${i}: tool_use ${id} has no tool_result in the next message`
          )
        } else if (next && next.role !== "user") {
          problems.push(
            `messages.${i + 1}: tool results must be in a user message`
          )
        }
      }
      return
    }
    const previous = new Set(
      blocks(messages[i - 1])
        .filter((b) => b.type === "tool_use")
        .map((b) => String(b.id))
    )
    for (const block of content) {
      if (
        block.type === "tool_result" &&
        !previous.has(String(block.tool_use_id))
      )
        problems.push(
          `messages.${i}: tool_result ${String(block.tool_use_id)} has no tool_use just before`
        )
    }
  })
  return problems
}
