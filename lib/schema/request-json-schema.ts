/**
 * JSON schema of a beta Messages API request, for the editor's completion and
 * validation. It is deliberately permissive about block fields the simulator
 * does not interpret; the engine's own validation gives the API-style errors.
 * Block types come from the engine's one list (block-types.ts).
 */
import {
  ALL_BLOCK_TYPES,
  TOOL_RESULT_BLOCK_TYPES,
} from "@/lib/context-editing/block-types"

const intMin = (minimum: number, description: string) => ({
  type: "integer",
  minimum,
  description,
})

const textBlock = {
  type: "object",
  required: ["type", "text"],
  properties: {
    type: { const: "text" },
    text: { type: "string" },
    cache_control: { type: ["object", "null"] },
    citations: {},
  },
}

/**
 * The known block types as completions, while any other string stays valid:
 * the engine passes an unknown block through with a warning, not a 400.
 */
const knownOrAny = (description: string, known: readonly string[]) => ({
  description,
  anyOf: [{ enum: [...known] }, { type: "string" }],
})

const toolResultContent = {
  anyOf: [
    { type: "string" },
    {
      type: "array",
      items: {
        type: "object",
        required: ["type"],
        properties: {
          type: knownOrAny(
            "Block type inside a tool result",
            Object.keys(TOOL_RESULT_BLOCK_TYPES)
          ),
        },
      },
    },
  ],
}

const contentBlock = {
  type: "object",
  required: ["type"],
  properties: {
    type: knownOrAny("Block type", ALL_BLOCK_TYPES),
  },
  allOf: [
    {
      if: { properties: { type: { const: "tool_use" } } },
      then: {
        required: ["id", "name", "input"],
        properties: {
          id: { type: "string" },
          name: { type: "string" },
          input: { type: "object" },
        },
      },
    },
    {
      if: { properties: { type: { const: "tool_result" } } },
      then: {
        required: ["tool_use_id"],
        properties: {
          tool_use_id: { type: "string" },
          content: toolResultContent,
          is_error: { type: "boolean" },
        },
      },
    },
    {
      if: { properties: { type: { const: "thinking" } } },
      then: {
        required: ["thinking", "signature"],
        properties: {
          thinking: { type: "string" },
          signature: { type: "string" },
        },
      },
    },
    {
      if: { properties: { type: { const: "redacted_thinking" } } },
      then: { required: ["data"], properties: { data: { type: "string" } } },
    },
    {
      if: { properties: { type: { const: "text" } } },
      then: textBlock,
    },
  ],
}

const clearToolUses = {
  type: "object",
  required: ["type"],
  description:
    "Clears the oldest tool results (and optionally inputs) once the prompt exceeds the trigger.",
  properties: {
    type: { const: "clear_tool_uses_20250919" },
    trigger: {
      description: "When clearing starts. Default: 100,000 input tokens.",
      type: "object",
      required: ["type", "value"],
      properties: {
        type: { enum: ["input_tokens", "tool_uses"] },
        value: intMin(1, "Threshold"),
      },
      default: { type: "input_tokens", value: 100000 },
    },
    keep: {
      description: "Most recent tool uses left intact. Default: 3.",
      type: "object",
      required: ["type", "value"],
      properties: {
        type: { const: "tool_uses" },
        value: intMin(0, "Tool uses to keep"),
      },
      default: { type: "tool_uses", value: 3 },
    },
    clear_at_least: {
      description:
        "All-or-nothing gate: skip the edit unless it frees at least this many tokens.",
      type: ["object", "null"],
      required: ["type", "value"],
      properties: {
        type: { const: "input_tokens" },
        value: intMin(0, "Minimum tokens to free"),
      },
    },
    exclude_tools: {
      description: "Tool names whose uses and results are never cleared.",
      type: ["array", "null"],
      items: { type: "string" },
    },
    clear_tool_inputs: {
      description:
        "Also clear the inputs of cleared tool uses: true, or a list of tool names.",
      anyOf: [
        { type: "boolean" },
        { type: "array", items: { type: "string" } },
        { type: "null" },
      ],
      default: false,
    },
  },
  additionalProperties: false,
}

const clearThinking = {
  type: "object",
  required: ["type"],
  description:
    "Removes thinking blocks from older assistant turns. Must come first in edits.",
  properties: {
    type: { const: "clear_thinking_20251015" },
    keep: {
      description:
        'Recent thinking turns to keep: {"type":"thinking_turns","value":N>0}, "all" or {"type":"all"}.',
      anyOf: [
        {
          type: "object",
          required: ["type", "value"],
          properties: {
            type: { const: "thinking_turns" },
            value: intMin(1, "Turns whose thinking is kept"),
          },
        },
        {
          type: "object",
          required: ["type"],
          properties: { type: { const: "all" } },
        },
        { const: "all" },
      ],
    },
  },
  additionalProperties: false,
}

const compact = {
  type: "object",
  required: ["type"],
  description:
    "Server-side compaction: summarises the conversation once the prompt reaches the trigger.",
  properties: {
    type: { const: "compact_20260112" },
    trigger: {
      type: ["object", "null"],
      required: ["type", "value"],
      properties: {
        type: { const: "input_tokens" },
        value: intMin(50000, "At least 50,000"),
      },
      default: { type: "input_tokens", value: 150000 },
    },
    pause_after_compaction: { type: "boolean", default: false },
    instructions: {
      type: ["string", "null"],
      description: "Replaces the default summary prompt entirely.",
    },
  },
  additionalProperties: false,
}

const message = {
  type: "object",
  required: ["role"],
  properties: {
    role: {
      enum: ["user", "assistant", "system"],
      description:
        '"system": a mid-conversation system message (Opus 4.8 and later)',
    },
    content: {
      anyOf: [{ type: "string" }, { type: "array", items: contentBlock }],
    },
    clear_at: {
      enum: ["next_user_message", "never", null],
      description:
        'System messages only. "next_user_message": no longer shown once a later user message exists.',
    },
    output_config: { type: ["object", "null"] },
  },
  // Only a system message may leave out content (it may carry only output_config).
  anyOf: [
    {
      properties: {
        role: {
          const: "system",
          // Monaco shows this instead of 'Value must be "system"'.
          errorMessage:
            "A user or assistant message needs content (only a system message may leave it out).",
        },
      },
    },
    { required: ["content"] },
  ],
}

/** The schema the JSON editor validates against (a request, or a bare messages array). */
export const REQUEST_JSON_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  anyOf: [
    {
      type: "object",
      required: ["messages"],
      properties: {
        model: {
          type: "string",
          description: "Model id, e.g. claude-sonnet-4-6",
        },
        max_tokens: { type: "integer", minimum: 1 },
        system: {
          anyOf: [{ type: "string" }, { type: "array", items: textBlock }],
        },
        messages: { type: "array", items: message },
        tools: { type: "array", items: { type: "object", required: ["name"] } },
        tool_choice: { type: "object" },
        thinking: {
          type: "object",
          required: ["type"],
          properties: {
            type: {
              enum: ["enabled", "disabled", "adaptive", "between_tools"],
            },
            budget_tokens: { type: "integer", minimum: 1024 },
          },
        },
        context_management: {
          type: ["object", "null"],
          properties: {
            edits: {
              type: "array",
              items: {
                anyOf: [clearThinking, clearToolUses, compact],
              },
            },
          },
        },
        betas: { type: "array", items: { type: "string" } },
      },
    },
    { type: "array", items: message },
  ],
} as const
