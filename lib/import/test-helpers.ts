import { readFileSync } from "node:fs"
import { join } from "node:path"

import type { ImportResult } from "./types"

/** Text of a file in `__fixtures__`. */
export function fixture(name: string): string {
  return readFileSync(join(__dirname, "__fixtures__", name), "utf8")
}

/** The success branch of a result, or a thrown error naming the failure (tests only). */
export function expectSuccess(result: ImportResult) {
  if (!result.success)
    throw new Error(`expected success: ${result.error.message}`)
  return result
}

/** All note messages joined, for regex assertions. */
export function noteText(result: ImportResult): string {
  return result.success ? result.notes.map((n) => n.message).join("\n") : ""
}

/** An OpenAI chat assistant message (no text) calling `name` with `args` as `id`. */
export const openAiCall = (id: string, name: string, args: unknown) => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id, type: "function", function: { name, arguments: args } }],
})
