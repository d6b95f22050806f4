import { fromClaudeCode } from "./import"
import { expectSuccess } from "../test-helpers"

/**
 * Inline Claude Code transcripts for tests, in the shape Claude Code writes
 * (one JSON object a line, with its bookkeeping fields).
 */

export const SESSION = "7f3c1a2e-0000-4000-8000-000000000002"
export const MODEL = "claude-sonnet-4-5-20250929"

export function entry(
  type: "user" | "assistant",
  uuid: string,
  parentUuid: string | null,
  message: Record<string, unknown>,
  extra: Record<string, unknown> = {}
): string {
  return JSON.stringify({
    parentUuid,
    isSidechain: false,
    userType: "external",
    cwd: "/home/dev/shop",
    sessionId: SESSION,
    version: "2.0.14",
    type,
    uuid,
    timestamp: "2026-10-01T10:00:00.000Z",
    message,
    ...extra,
  })
}

export const user = (
  uuid: string,
  parent: string | null,
  content: unknown,
  extra?: Record<string, unknown>
) => entry("user", uuid, parent, { role: "user", content }, extra)

export const assistant = (
  uuid: string,
  parent: string | null,
  id: string,
  content: unknown[],
  extra?: Record<string, unknown>,
  model = MODEL
) =>
  entry(
    "assistant",
    uuid,
    parent,
    { id, type: "message", role: "assistant", model, content },
    extra
  )

export const text = (t: string) => ({ type: "text", text: t })
export const call = (id: string, file: string) => ({
  type: "tool_use",
  id,
  name: "Write",
  input: { file_path: file, content: "x" },
})
export const result = (uuid: string, parent: string, id: string) =>
  user(
    uuid,
    parent,
    [{ tool_use_id: id, type: "tool_result", content: "ok" }],
    {
      toolUseResult: { type: "create", filePath: "/home/dev/shop/a.md" },
    }
  )

export const jsonl = (...lines: string[]) => `${lines.join("\n")}\n`

/** Each message as role plus its block types / texts / ids, for comparison. */
export function outline(text: string) {
  const { data } = expectSuccess(fromClaudeCode(text))
  return data.messages.map((m) => [
    m.role,
    ...(typeof m.content === "string"
      ? [m.content]
      : m.content.map((b) =>
          b.type === "text"
            ? b.text
            : b.type === "tool_use"
              ? `use ${String(b.id)}`
              : b.type === "tool_result"
                ? `result ${String(b.tool_use_id)}`
                : b.type
        )),
  ])
}
