import type { SimulateSuccess } from "@/lib/context-editing"

import { calls, clearToolUsesEdit, toolSession, yesNoQuestion } from "./build"
import { usesOf } from "./read"
import type { Lesson } from "./types"

const DOCS =
  "https://platform.claude.com/docs/en/build-with-claude/context-editing"

/** Memory tool results the edits cleared, read from the engine's result. */
const clearedMemoryResults = (r: SimulateSuccess) =>
  r.blocks.filter(
    (b) =>
      b.type === "tool_result" &&
      b.toolName === "memory" &&
      b.status === "cleared"
  ).length

/**
 * The memory tool under tool-result clearing: the sample session excludes
 * `memory` from clearing, and this lesson shows why one would.
 */
export const MEMORY_LESSON: Lesson = {
  id: "memory",
  title: "The memory tool and clearing",
  teaches:
    "Memory tool results are cleared like any other tool's unless exclude_tools names memory.",
  docsUrl: `${DOCS}#advanced-configuration`,
  build: () =>
    toolSession(
      14,
      calls(
        ["memory", "read_file", "grep", "memory", "read_file", "run_tests"],
        4_000
      ),
      [clearToolUsesEdit(5_000, 2)]
    ),
  situation: (r) =>
    `An agent viewed its \`/memories\` file ${usesOf(r, "memory")} times among other tool calls. The edit clears tool results above 5,000 input tokens and keeps the 2 most recent tool uses; \`exclude_tools\` is not set.`,
  question: yesNoQuestion(
    "Are the results of the earlier memory views cleared too?",
    "Yes: memory is a tool like any other",
    "No: memory results are always kept"
  ),
  answer: (r) => (clearedMemoryResults(r) > 0 ? "yes" : "no"),
  rule: 'clear_tool_uses_20250919 clears the oldest tool results whatever the tool, so what an earlier `memory` view returned is replaced by the placeholder like a file read. The memory files themselves live with the client, so the agent can view them again; to keep those results in context, name the tool in `exclude_tools` (the sample session does: `exclude_tools: ["memory"]`).',
  evidence: "documented",
}
