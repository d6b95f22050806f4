import {
  cacheImpact,
  cacheSetup,
  DEFAULT_MODEL_ID,
  simulate,
} from "@/lib/context-editing"
import { buildReplayedCompaction } from "@/lib/presets/compaction-replay"

import {
  calls,
  clearToolUsesEdit,
  thinkingSession,
  toolSession,
  yesNoQuestion,
} from "./build"
import {
  appliedCount,
  approx,
  keepOf,
  lastTool,
  meanResult,
  modelName,
  n,
  thinkingRead,
  thinkingTurns,
  toolUses,
  usesOf,
} from "./read"
import { MEMORY_LESSON } from "./memory-lesson"
import type { Lesson } from "./types"

const DOCS =
  "https://platform.claude.com/docs/en/build-with-claude/context-editing"
const COMPACTION_DOCS =
  "https://platform.claude.com/docs/en/build-with-claude/compaction"

/** The lessons, in teaching order. */
export const LESSONS: readonly Lesson[] = [
  {
    id: "trigger",
    title: "When does clearing start?",
    teaches: "The trigger compares the whole prompt with a threshold.",
    docsUrl: `${DOCS}#tool-result-clearing`,
    build: () =>
      toolSession(
        11,
        calls(["read_file", "grep", "read_file", "run_tests"], 28_000),
        [{ type: "clear_tool_uses_20250919" }]
      ),
    situation: (r) =>
      `An agent made ${toolUses(r)} tool calls with long results; the request is ${approx(r.original_input_tokens)} input tokens. The edit is \`clear_tool_uses_20250919\` with every field left at its default.`,
    question: yesNoQuestion(
      "Does the server clear any tool result in this request?",
      "Yes: the oldest results are cleared",
      "No: nothing is cleared yet"
    ),
    answer: (r) =>
      appliedCount(r, "clear_tool_uses_20250919") > 0 ? "yes" : "no",
    rule: "Without a `trigger`, clearing starts only once the prompt exceeds 100,000 input tokens, counted over everything the model sees (system prompt, tools, all messages). Below that, the edit does nothing and `applied_edits` stays empty.",
    evidence: "documented",
  },
  {
    id: "keep",
    title: "What does keep protect?",
    teaches: "keep counts the most recent tool uses, not messages or tokens.",
    docsUrl: `${DOCS}#tool-result-clearing`,
    build: () =>
      toolSession(
        12,
        calls(
          [
            "read_file",
            "grep",
            "read_file",
            "run_tests",
            "list_files",
            "read_file",
            "grep",
            "read_file",
          ],
          5_000
        ),
        [clearToolUsesEdit(5_000, 3)]
      ),
    situation: (r) =>
      `${toolUses(r)} tool calls, one per assistant message, with results of ${approx(meanResult(r))} tokens on average; ${approx(r.original_input_tokens)} input tokens in all. The trigger is 5,000 input tokens and \`keep\` is 3 tool uses.`,
    question: {
      kind: "number",
      prompt: "How many tool results become the placeholder?",
      unit: "tool results",
    },
    answer: (r) => appliedCount(r, "clear_tool_uses_20250919"),
    misreading: (given, _r, request) =>
      given === keepOf(request)
        ? "That is how many are kept: `keep` is the number of most recent tool uses left intact, not the number cleared."
        : null,
    rule: "Past the trigger, tool results are replaced by a short placeholder oldest first, never those of the `keep` most recent tool uses. Here clearing has to go all the way to that limit to bring the prompt back under the trigger. (Anthropic's recorded runs show the server stopping once the prompt is under the trigger, and skipping results too small to be worth clearing: an assumption switch each.) The tool_use blocks stay (only their results go), so the model still sees which calls it made.",
    evidence: "documented",
  },
  {
    id: "exclude",
    title: "Excluded tools and keep",
    teaches:
      "exclude_tools protects a tool; whether it also uses keep slots is an assumption.",
    docsUrl: `${DOCS}#advanced-configuration`,
    build: () =>
      toolSession(
        13,
        calls(
          [
            "read_file",
            "memory",
            "grep",
            "read_file",
            "memory",
            "run_tests",
            "read_file",
            "grep",
            "memory",
          ],
          4_000
        ),
        [clearToolUsesEdit(5_000, 2, { exclude_tools: ["memory"] })]
      ),
    situation: (r) =>
      `${toolUses(r)} tool calls: ${usesOf(r, "memory")} of them are \`memory\`${lastTool(r) === "memory" ? ", the last one included" : ""}; the others are file reads, searches and test runs. Trigger 5,000 input tokens, \`keep\` 2 tool uses, \`exclude_tools: ["memory"]\`.`,
    question: {
      kind: "number",
      prompt: "How many tool results are cleared?",
      unit: "tool results",
    },
    answer: (r) => appliedCount(r, "clear_tool_uses_20250919"),
    misreading: (given, _r, request) => {
      const other = simulate(request, {
        assumptions: { excludedCountTowardKeep: true },
      })
      return other.ok &&
        given === appliedCount(other, "clear_tool_uses_20250919")
        ? "That is the answer if excluded tools took up `keep` slots, as LangChain's re-implementation counts them. It is an open question for the real API; the simulator's default assumes they don't."
        : null
    },
    rule: "Excluded tools are never cleared, neither their calls nor their results. The docs do not say whether they take up `keep` slots; the simulator assumes not (keep counts only clearable tool uses), so the last 2 non-memory calls survive. LangChain's re-implementation counts them, which would clear one more. Flip the switch under Assumptions to compare.",
    evidence: "assumed",
  },
  MEMORY_LESSON,
  {
    id: "gate",
    title: "clear_at_least is all or nothing",
    teaches:
      "A clearing too small to be worth breaking the prompt cache is skipped entirely.",
    docsUrl: `${DOCS}#advanced-configuration`,
    build: () =>
      toolSession(
        14,
        calls(
          ["grep", "read_file", "list_files", "grep", "run_tests", "read_file"],
          700
        ),
        [
          clearToolUsesEdit(1_000, 2, {
            clear_at_least: { type: "input_tokens", value: 5_000 },
          }),
        ]
      ),
    situation: (r) =>
      `${toolUses(r)} tool calls with short results (${approx(meanResult(r))} tokens each on average), ${approx(r.original_input_tokens)} input tokens. Trigger 1,000 input tokens, \`keep\` 2 tool uses, \`clear_at_least\` 5,000 input tokens.`,
    question: {
      kind: "choice",
      prompt: "What does the edit do?",
      choices: [
        { id: "some", label: "Clears every result outside keep" },
        {
          id: "more",
          label:
            "Keeps clearing, into the kept results, until 5,000 tokens are freed",
        },
        { id: "none", label: "Clears nothing at all" },
      ],
    },
    answer: (r) => {
      const cleared = appliedCount(r, "clear_tool_uses_20250919")
      const outside = toolUses(r) - 2
      return cleared === 0 ? "none" : cleared === outside ? "some" : "more"
    },
    misreading: (given) =>
      given === "more"
        ? "That is what LangChain's JS re-implementation does (it even clears into the kept results). The API treats `clear_at_least` as an all-or-nothing gate."
        : null,
    rule: "`clear_at_least` is a gate, not a target: if clearing everything outside `keep` would free fewer tokens than it asks for, the edit is not applied at all and gets no `applied_edits` entry. Each clear invalidates the prompt cache from the first changed block, so tiny clears cost more than they save.",
    evidence: "documented",
  },
  {
    id: "cache",
    title: "Fewer tokens, higher bill?",
    teaches:
      "With a warm prompt cache, a clear rewrites the cache from the first cleared result.",
    docsUrl: DOCS,
    build: () => ({
      ...toolSession(
        17,
        calls(
          [
            "read_file",
            "grep",
            "run_tests",
            "read_file",
            "grep",
            "read_file",
            "run_tests",
            "read_file",
          ],
          6_000
        ),
        [clearToolUsesEdit(3_000, 3)]
      ),
      cache_control: { type: "ephemeral" },
    }),
    situation: (r) =>
      `Automatic caching is on (top-level \`cache_control\`), and the previous request, this conversation without the edit, is still in the cache. ${toolUses(r)} tool calls, ${approx(r.original_input_tokens)} input tokens. \`clear_tool_uses_20250919\` with trigger 3,000 and \`keep\` 3 clears ${appliedCount(r, "clear_tool_uses_20250919")} results, so the request sends ${approx(r.input_tokens)} tokens instead.`,
    question: {
      kind: "choice",
      prompt:
        "Does this one request cost less than sending the conversation without the edit?",
      choices: [
        { id: "cheaper", label: "Yes: it sends far fewer tokens" },
        {
          id: "dearer",
          label:
            "No: from the first cleared result on, the prompt is written to the cache again",
        },
      ],
    },
    answer: (r) => {
      const c = cacheImpact(r, cacheSetup(r.request))
      return c.costWith > c.costWithout ? "dearer" : "cheaper"
    },
    misreading: (given) =>
      given === "cheaper"
        ? "Fewer tokens are not a smaller bill when the cache is warm: the unedited prompt would have been read at 0.1× the base price, while everything after the first cleared result is written again at 1.25×. The saving comes on later requests, and in room in the context window."
        : null,
    rule: "Clearing tool results invalidates the cached prompt prefix from the first cleared block: everything after it is written to the cache again (1.25× the base input price for the 5-minute cache), where the unchanged prompt would have been read at 0.1×. Later requests read the edited prompt, so a large clear pays for itself over the next requests; `clear_at_least` keeps clears too small to be worth the write from happening. The Explain tab's Prompt cache section and the Timeline show this for any request.",
    evidence: "documented",
  },
  {
    id: "thinking-turns",
    title: "Which thinking survives?",
    teaches: "The turn being generated holds one of the kept thinking turns.",
    docsUrl: `${DOCS}#thinking-block-clearing`,
    build: () =>
      thinkingSession(15, 3, [
        {
          type: "clear_thinking_20251015",
          keep: { type: "thinking_turns", value: 1 },
        },
      ]),
    situation: (r) =>
      `Thinking is enabled. The conversation has ${thinkingTurns(r)} earlier assistant turns, each with a thinking block, and ends with a new user question. The edit is \`clear_thinking_20251015\` with \`keep: {type: "thinking_turns", value: 1}\`.`,
    question: {
      kind: "number",
      prompt: "How many earlier assistant turns lose their thinking?",
      unit: "turns",
    },
    answer: (r) => appliedCount(r, "clear_thinking_20251015"),
    misreading: (given, _r, request) => {
      // The docs' literal reading, run by the engine: the turn being
      // generated takes no keep slot.
      const literal = simulate(request, {
        assumptions: { currentTurnHoldsKeepSlot: false },
      })
      return literal.ok &&
        given === appliedCount(literal, "clear_thinking_20251015")
        ? "That is the docs' literal reading: they describe `keep` as how many recent assistant turns with thinking blocks to preserve, so keep 1 would spare the most recent earlier turn. The API output Anthropic published shows otherwise: the turn being generated takes the one slot, so no earlier turn keeps its thinking."
        : null
    },
    rule: "The docs describe `keep` as the number of recent assistant turns with thinking blocks to preserve, and the default (value 1) as keeping the thinking blocks of the last assistant turn. Read literally, keep 1 with a new user question would keep the most recent earlier turn's thinking. The API output in Anthropic's memory cookbook reads otherwise: with keep 1 and a new user message, `cleared_thinking_turns` was every earlier turn (1, then 2). So the simulator counts the turn being generated (or the tool loop in progress) as one of the kept turns, and every earlier turn loses its thinking. Both readings are in the Assumptions panel (`currentTurnHoldsKeepSlot`, labelled observed): switch it off to see the docs' literal one.",
    evidence: "observed",
  },
  {
    id: "thinking-default",
    title: "No edit is not no change",
    teaches:
      "With thinking on, the model decides what happens to earlier thinking when no edit is sent.",
    docsUrl: `${DOCS}#thinking-block-clearing`,
    build: () => thinkingSession(16, 3, null, "claude-sonnet-4-5"),
    situation: (r) =>
      `Thinking is enabled on ${modelName(r)}. The conversation has ${thinkingTurns(r)} earlier assistant turns, each opening with a thinking block, and ends with a new user question. The request has no \`context_management\` at all.`,
    question: {
      kind: "choice",
      prompt: "How much of the earlier thinking does the model read?",
      choices: [
        { id: "all", label: "All of it: no edit was sent" },
        { id: "last", label: "Only the most recent earlier turn's" },
        { id: "none", label: "None of it" },
      ],
    },
    answer: thinkingRead,
    misreading: (given, r, request) => {
      if (given === "last")
        return '"The last turn" is the one being generated: a new user message starts it, so every earlier turn\'s thinking is dropped.'
      if (given !== "all") return null
      const newer = simulate({ ...request, model: DEFAULT_MODEL_ID })
      return newer.ok && thinkingRead(newer) === "all"
        ? `That is what ${modelName(newer)} does: newer models keep all earlier thinking by default. ${modelName(r)} is older and keeps only the last turn's.`
        : null
    },
    rule: "When thinking is on and no `clear_thinking_20251015` edit is sent, the model picks the default. Opus 4.5 and later and Sonnet 4.6 and later keep all earlier thinking; Opus 4.1, Sonnet 4.5, every Haiku up to 4.5 and older models keep only the last turn's, and a new user message starts a new turn, so all earlier thinking is dropped. The dropped thinking does not count toward input tokens, and nothing in `applied_edits` reports it. Set `keep` explicitly if your code runs on several models. In the playground, switch the model to Sonnet 4.6 to compare.",
    evidence: "documented",
  },
  {
    id: "compaction",
    title: "What does a compaction block hide?",
    teaches: "A replayed compaction block replaces everything before it.",
    docsUrl: COMPACTION_DOCS,
    build: buildReplayedCompaction,
    situation: (r) => {
      const before = r.blocks.findLastIndex((b) => b.type === "compaction")
      const total = r.blocks.length
      return `A long session was compacted once: the client appended the returned \`compaction\` block and kept going, and still sends all ${n(total)} content blocks: ${n(before)} before the compaction block, the block itself and ${n(total - before - 1)} after it. The request has the \`compact_20260112\` edit.`
    },
    question: {
      kind: "choice",
      prompt:
        "What does the model read of the history before the compaction block?",
      choices: [
        { id: "everything", label: "All of it: the client sent it" },
        { id: "text", label: "Only the text; tool results are dropped" },
        { id: "summary", label: "Nothing: only the summary stands for it" },
      ],
    },
    answer: (r) => {
      const last = r.blocks.findLastIndex((b) => b.type === "compaction")
      if (last < 0) return null
      const before = r.blocks.slice(0, last)
      if (before.length > 0 && before.every((b) => b.status === "ignored"))
        return "summary"
      if (before.every((b) => b.status !== "ignored")) return "everything"
      const toolTypes = /tool_(use|result)$/
      return before.every(
        (b) => (b.status === "ignored") === toolTypes.test(b.type)
      )
        ? "text"
        : null
    },
    rule: "On later requests the API ignores every content block before the last compaction block, so the client may keep or drop the old messages: the cost is the same. Counting tokens shows the same effect (count_tokens applies replayed compaction blocks).",
    evidence: "documented",
  },
]

/** A lesson by id. */
export const getLesson = (id: string): Lesson | undefined =>
  LESSONS.find((l) => l.id === id)
