import { generateSession, type GenerateOptions } from "@/lib/generate"
import type { ImportedRequest } from "@/lib/import/types"

import { buildReplayedCompaction } from "./compaction-replay"
import { buildResearchAgent } from "./research-agent"
import { definePreset, type Preset } from "./types"

const CONTEXT_EDITING_DOCS =
  "https://platform.claude.com/docs/en/build-with-claude/context-editing"
const COMPACTION_DOCS =
  "https://platform.claude.com/docs/en/build-with-claude/compaction"
const MEMORY_DOCS =
  "https://platform.claude.com/docs/en/agents-and-tools/tool-use/memory-tool"
const CONTEXT_BETA = "context-management-2025-06-27"
const COMPACT_BETA = "compact-2026-01-12"

/** A generated session with `context_management` (and extras) added. */
function session(
  options: GenerateOptions,
  edits: object[],
  extra: Record<string, unknown> = {}
): ImportedRequest {
  return {
    ...generateSession(options),
    ...extra,
    context_management: { edits },
  }
}

const THINKING = { type: "enabled", budget_tokens: 10_000 }

/** Every preset; `PRESETS[0]` is the page's default sample. */
export const PRESETS: readonly Preset[] = [
  definePreset({
    id: "research-agent",
    title: "Research agent",
    description:
      "A realistic research session just over the default 100k trigger: old search and file results are cleared and memory survives. Thinking keeps 1 turn, and the turn being generated takes that slot, so every earlier thinking block goes.",
    docsUrl: `${CONTEXT_EDITING_DOCS}#combining-strategies`,
    betas: [CONTEXT_BETA],
    build: buildResearchAgent,
  }),
  definePreset({
    id: "basic",
    title: "Tool result clearing: defaults",
    description:
      "With only the type set, clearing starts above 100,000 input tokens and keeps the 3 most recent tool uses.",
    docsUrl: `${CONTEXT_EDITING_DOCS}#tool-result-clearing`,
    betas: [CONTEXT_BETA],
    build: () =>
      session({ targetTokens: 115_000, thinking: false, seed: 101 }, [
        { type: "clear_tool_uses_20250919" },
      ]),
  }),
  definePreset({
    id: "advanced-options",
    title: "Tool result clearing: advanced options",
    description:
      "A lower trigger, a keep window, a clear_at_least gate and an excluded tool decide exactly which results go.",
    docsUrl: `${CONTEXT_EDITING_DOCS}#advanced-configuration`,
    betas: [CONTEXT_BETA],
    build: () =>
      session(
        {
          targetTokens: 42_000,
          thinking: false,
          serverTools: true,
          toolCalls: 18,
          seed: 202,
        },
        [
          {
            type: "clear_tool_uses_20250919",
            trigger: { type: "input_tokens", value: 30_000 },
            keep: { type: "tool_uses", value: 3 },
            clear_at_least: { type: "input_tokens", value: 5_000 },
            exclude_tools: ["web_search"],
            clear_tool_inputs: false,
          },
        ]
      ),
  }),
  definePreset({
    id: "thinking-clearing",
    title: "Thinking block clearing",
    description:
      "Only the thinking of the 2 most recent assistant turns is kept; older thinking blocks are removed.",
    docsUrl: `${CONTEXT_EDITING_DOCS}#thinking-block-clearing`,
    betas: [CONTEXT_BETA],
    build: () =>
      session(
        {
          targetTokens: 30_000,
          thinking: true,
          toolCalls: 12,
          humanTurns: 6,
          seed: 303,
        },
        [
          {
            type: "clear_thinking_20251015",
            keep: { type: "thinking_turns", value: 2 },
          },
        ],
        { thinking: THINKING }
      ),
  }),
  definePreset({
    id: "combined",
    title: "Thinking and tool result clearing combined",
    description:
      "clear_thinking runs first, then tool results are cleared above 50,000 tokens while web search results are kept.",
    docsUrl: `${CONTEXT_EDITING_DOCS}#combining-strategies`,
    betas: [CONTEXT_BETA],
    build: () =>
      session(
        {
          targetTokens: 80_000,
          thinking: true,
          serverTools: true,
          parallel: 2,
          humanTurns: 5,
          seed: 404,
        },
        [
          {
            type: "clear_thinking_20251015",
            keep: { type: "thinking_turns", value: 2 },
          },
          {
            type: "clear_tool_uses_20250919",
            trigger: { type: "input_tokens", value: 50_000 },
            keep: { type: "tool_uses", value: 5 },
            clear_at_least: { type: "input_tokens", value: 10_000 },
            exclude_tools: ["web_search"],
          },
        ],
        { thinking: THINKING }
      ),
  }),
  definePreset({
    id: "memory-tool",
    title: "With the memory tool",
    description:
      "Excluding the memory tool keeps every memory call visible while other old tool results are cleared.",
    docsUrl: `${MEMORY_DOCS}#using-with-context-editing`,
    betas: [CONTEXT_BETA],
    build: () =>
      session(
        {
          targetTokens: 115_000,
          thinking: false,
          memory: true,
          toolMix: [
            { name: "read_file", weight: 4 },
            { name: "grep", weight: 2 },
            { name: "memory", weight: 2 },
          ],
          seed: 505,
        },
        [{ type: "clear_tool_uses_20250919", exclude_tools: ["memory"] }]
      ),
  }),
  definePreset({
    id: "compaction",
    title: "Compaction at the default trigger",
    description:
      "Above 150,000 input tokens the server summarises the conversation into a compaction block before answering.",
    docsUrl: COMPACTION_DOCS,
    betas: [COMPACT_BETA],
    build: () =>
      session(
        {
          targetTokens: 165_000,
          thinking: false,
          model: "claude-opus-4-6",
          seed: 606,
        },
        [{ type: "compact_20260112" }]
      ),
  }),
  definePreset({
    id: "compaction-replayed",
    title: "Replaying a compaction block",
    description:
      "Once a compaction block is sent back, everything before it is ignored, so only the summary and later messages count.",
    docsUrl: COMPACTION_DOCS,
    betas: [COMPACT_BETA],
    build: buildReplayedCompaction,
  }),
]

/** The preset with this id, or undefined. */
export function getPreset(id: string): Preset | undefined {
  return PRESETS.find((preset) => preset.id === id)
}
