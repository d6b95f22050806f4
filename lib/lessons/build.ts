/**
 * Small, exact conversations for the lessons: the order of tool calls and
 * thinking turns is what a lesson asks about, so it is spelled out here
 * rather than drawn at random (the text inside is still varied prose).
 */
import {
  createRandom,
  customToolSpec,
  MEMORY_TOOL,
  paragraph,
  proseProducer,
  type Random,
  SOFTWARE,
  thinkingText,
} from "@/lib/generate"
import { fillToBudget } from "@/lib/generate/text/fill"
import type {
  ContentBlock,
  ImportedRequest,
  MessageParam,
  ToolDefinition,
} from "@/lib/import/types"

import type { LessonQuestion } from "./types"

/** About `chars` characters of prose (the generator's own filler). */
const text = (random: Random, chars: number): string =>
  fillToBudget(proseProducer(random, SOFTWARE), chars).trim()

/** One tool call of a lesson: which tool, and about how long its result is. */
export interface LessonCall {
  tool: string
  resultChars: number
}

/** Calls of `tools` in this order, each with a result of about `resultChars`. */
export const calls = (
  tools: readonly string[],
  resultChars: number
): LessonCall[] => tools.map((tool) => ({ tool, resultChars }))

/**
 * A clear_tool_uses_20250919 edit that triggers above `trigger` input
 * tokens and keeps the `keep` most recent tool uses, with `more` fields.
 */
export const clearToolUsesEdit = (
  trigger: number,
  keep: number,
  more: Record<string, unknown> = {}
) => ({
  type: "clear_tool_uses_20250919",
  trigger: { type: "input_tokens", value: trigger },
  keep: { type: "tool_uses", value: keep },
  ...more,
})

/** A two-choice question answered "yes" or "no" (labels say what each means). */
export const yesNoQuestion = (
  prompt: string,
  yes: string,
  no: string
): LessonQuestion => ({
  kind: "choice",
  prompt,
  choices: [
    { id: "yes", label: yes },
    { id: "no", label: no },
  ],
})

/** Tool definitions for the names used (memory is the memory tool). */
function toolsFor(names: readonly string[]): ToolDefinition[] {
  return [...new Set(names)].map((name) =>
    name === "memory"
      ? { ...MEMORY_TOOL }
      : structuredClone(customToolSpec(name).definition)
  )
}

function inputFor(random: Random, tool: string): Record<string, unknown> {
  if (tool === "memory")
    return { command: "view", path: "/memories/progress.md" }
  return customToolSpec(tool).input(random)
}

/**
 * A task, then one assistant tool_use + user tool_result round per call (in
 * the given order), then the assistant's summary and a new user question.
 */
export function toolSession(
  seed: number,
  calls: readonly LessonCall[],
  edits: object[]
): ImportedRequest {
  const random = createRandom(seed)
  const messages: MessageParam[] = [
    {
      role: "user",
      content:
        "The nightly build fails in the webhook dispatcher. Find out why and fix it.",
    },
  ]
  calls.forEach((call, k) => {
    const id = `toolu_lesson_${String(k + 1).padStart(2, "0")}`
    messages.push({
      role: "assistant",
      content: [
        { type: "text", text: `Step ${k + 1}: calling ${call.tool}.` },
        {
          type: "tool_use",
          id,
          name: call.tool,
          input: inputFor(random, call.tool),
        },
      ],
    })
    messages.push({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: id,
          content: text(random, call.resultChars),
        },
      ],
    })
  })
  messages.push({
    role: "assistant",
    content: "The dispatcher times out after 5 s since the dependency bump.",
  })
  messages.push({ role: "user", content: "Good. Now fix it and add a test." })
  return {
    model: "claude-sonnet-4-6",
    max_tokens: 4096,
    tools: toolsFor(calls.map((c) => c.tool)),
    messages,
    context_management: { edits },
  }
}

/**
 * `turns` question-and-answer turns, each assistant answer opening with a
 * thinking block, then one more user question (the turn to be generated).
 * With `edits` null the request has no `context_management` at all.
 */
export function thinkingSession(
  seed: number,
  turns: number,
  edits: object[] | null,
  model = "claude-sonnet-4-6"
): ImportedRequest {
  const random = createRandom(seed)
  const messages: MessageParam[] = []
  for (let t = 0; t < turns; t++) {
    messages.push({
      role: "user",
      content: `Question ${t + 1}: ${paragraph(random, SOFTWARE, 1, 2)}`,
    })
    const content: ContentBlock[] = [
      {
        type: "thinking",
        thinking: `${thinkingText(random, SOFTWARE)} ${text(random, 600)}`,
        signature: `EqLesson${seed}x${t}`,
      },
      { type: "text", text: paragraph(random, SOFTWARE, 2, 3) },
    ]
    messages.push({ role: "assistant", content })
  }
  messages.push({
    role: "user",
    content: "Thanks. One more: what should we monitor after the fix?",
  })
  return {
    model,
    max_tokens: 16_000,
    thinking: { type: "enabled", budget_tokens: 4_000 },
    messages,
    ...(edits === null ? {} : { context_management: { edits } }),
  }
}
