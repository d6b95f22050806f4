import { pick, type Random } from "./prng"
import { sentence } from "./text/prose"
import type { Vocabulary } from "./text/vocab"

/** One memory tool call and the client's answer (memory_20250818 commands). */
export interface MemoryCall {
  input: Record<string, unknown>
  result: string
}

const NOTES_PATH = "/memories/progress.md"

/**
 * The n-th memory call of a session: first look at the directory, then
 * create a progress file, then alternate between updating and re-reading it,
 * which is how the memory tool docs describe an agent using it.
 */
export function memoryCall(
  random: Random,
  n: number,
  vocab: Vocabulary,
  path = NOTES_PATH
): MemoryCall {
  if (n === 0) {
    return {
      input: { command: "view", path: "/memories" },
      result:
        "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n4.0K\t/memories",
    }
  }
  if (n === 1) {
    const lines = [
      "# Progress",
      "",
      "## Done",
      `- ${sentence(random, vocab)}`,
      "",
      "## Next",
      `- ${sentence(random, vocab)}`,
    ]
    return {
      input: { command: "create", path, file_text: `${lines.join("\n")}\n` },
      result: `File created successfully at: ${path}`,
    }
  }
  if (n % 3 === 0) {
    const body = [1, 2, 3, 4, 5, 6]
      .map((i) => `${String(i).padStart(6)}\t- ${sentence(random, vocab)}`)
      .join("\n")
    return {
      input: { command: "view", path },
      result: `Here's the content of ${path} with line numbers:\n${body}`,
    }
  }
  return {
    input: {
      command: "str_replace",
      path,
      old_str: "## Next",
      new_str: `- ${pick(random, ["Checked", "Verified", "Ruled out", "Confirmed"])}: ${sentence(random, vocab)}\n\n## Next`,
    },
    result: "The memory file has been edited successfully.",
  }
}
