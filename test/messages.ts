/**
 * Builders for Messages API literals in tests, so a conversation reads as
 * `[user("go"), assistant([toolUse("t1", "read_file")]), user([toolResult("t1", "ok")])]`
 * instead of pasted objects. They build plain JSON, exactly the literal
 * they stand for.
 */

/** A user message; `content` is a string or a list of blocks. */
export const user = <C>(content: C) => ({ role: "user" as const, content })

/** An assistant message; `content` is a string or a list of blocks. */
export const assistant = <C>(content: C) => ({
  role: "assistant" as const,
  content,
})

/** A text block. */
export const text = (value: string) => ({ type: "text" as const, text: value })

/** A client tool_use block. */
export const toolUse = (
  id: string,
  name: string,
  input: Record<string, unknown> = {}
) => ({ type: "tool_use" as const, id, name, input })

/** A tool_result block answering the tool_use `id`. */
export const toolResult = <C>(id: string, content: C) => ({
  type: "tool_result" as const,
  tool_use_id: id,
  content,
})
