/**
 * The request as the JSON editor knows it: a zod schema of a beta Messages
 * API body (or a bare `messages` array), from which `request-json-schema.ts`
 * generates the editor's JSON schema. Deliberately permissive about fields the
 * simulator does not interpret: the engine's own validation gives the
 * API-style errors (docs/semantics.md#errors); this schema gives completion,
 * hover text and the first squiggles.
 *
 * Values come from one place each: block types from the engine's list
 * (`ALL_BLOCK_TYPES` in `lib/context-editing/request/block-types.ts`), each
 * edit kind's schema from the kind itself (the registry, `EDIT_KINDS`).
 */
import { z } from "zod"

import {
  ALL_BLOCK_TYPES,
  TOOL_RESULT_BLOCK_TYPES,
} from "@/lib/context-editing/request/block-types"
import { SEND_ORDER } from "@/lib/context-editing/rules/catalogue"
import { EDIT_KINDS } from "@/lib/context-editing/rules/kinds"

const count = (minimum: number, description: string) =>
  z.int().min(minimum).describe(description)

const cacheControl = z.object({}).loose().nullable()

const textBlock = z.looseObject({
  type: z.literal("text"),
  text: z.string(),
  cache_control: cacheControl.optional(),
  citations: z.unknown().optional(),
})

const toolUseBlock = z.looseObject({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.object({}).loose(),
})

const toolResultBlock = z.looseObject({
  type: z.literal("tool_result"),
  tool_use_id: z.string(),
  content: z
    .union([
      z.string(),
      z.array(
        z.looseObject({
          type: z
            .enum(Object.keys(TOOL_RESULT_BLOCK_TYPES) as [string])
            .describe("Block type inside a tool result"),
        })
      ),
    ])
    .optional(),
  is_error: z.boolean().optional(),
})

const thinkingBlock = z.looseObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.string(),
})

const redactedThinkingBlock = z.looseObject({
  type: z.literal("redacted_thinking"),
  data: z.string(),
})

/** Blocks whose fields the editor checks; every other type only needs its tag. */
const checkedBlocks = [
  textBlock,
  toolUseBlock,
  toolResultBlock,
  thinkingBlock,
  redactedThinkingBlock,
] as const
const CHECKED = new Set<string>(checkedBlocks.map((b) => b.shape.type.value))
const otherBlock = z.looseObject({
  type: z
    .enum(ALL_BLOCK_TYPES.filter((t) => !CHECKED.has(t)) as [string])
    .describe("Block type"),
})

/** One content block: its fields are checked once its `type` is known. */
export const contentBlockSchema = z
  .discriminatedUnion("type", [...checkedBlocks, otherBlock])
  .meta({ id: "content_block" })

const content = z.union([z.string(), z.array(contentBlockSchema)])

const roleWithoutContent = z.looseObject({
  role: z.literal("system").meta({
    // Monaco shows this instead of 'Value must be "system"'.
    errorMessage:
      "A user or assistant message needs content (only a system message may leave it out).",
  }),
})

/**
 * Kept apart (its own definition) so the editor reports a user message
 * without content by the message below, not as a wrong role.
 */
const contentUnlessSystem = z
  .union([
    roleWithoutContent,
    z.looseObject({ content: z.union([z.string(), z.array(z.unknown())]) }),
  ])
  .meta({ id: "content_unless_system" })

/** A message; only a system message may leave out `content` (it may carry only output_config). */
export const messageSchema = z
  .looseObject({
    role: z
      .enum(["user", "assistant", "system"])
      .describe(
        '"system": a mid-conversation system message (Opus 4.8 and later)'
      ),
    content: content.optional(),
    clear_at: z
      .enum(["next_user_message", "never"])
      .nullable()
      .optional()
      .describe(
        'System messages only. "next_user_message": no longer shown once a later user message exists.'
      ),
    output_config: z.object({}).loose().nullable().optional(),
  })
  .and(contentUnlessSystem)
  .meta({ id: "message" })

/**
 * One schema per edit kind, each the kind's own piece (`editorSchema` in
 * lib/context-editing/rules/<kind>/kind.ts), in the order an edits array
 * sends them.
 */
const editSchemas: z.ZodType[] = SEND_ORDER.map((t) =>
  EDIT_KINDS[t].editorSchema({ z, count })
)
const editSchema = z.union(editSchemas as [z.ZodType, ...z.ZodType[]])

const requestBody = z.looseObject({
  model: z.string().optional().describe("Model id, e.g. claude-sonnet-4-6"),
  max_tokens: z.int().min(1).optional(),
  system: z.union([z.string(), z.array(textBlock)]).optional(),
  messages: z.array(messageSchema),
  tools: z.array(z.looseObject({ name: z.string() })).optional(),
  tool_choice: z.object({}).loose().optional(),
  thinking: z
    .looseObject({
      type: z.enum(["enabled", "disabled", "adaptive"]),
      budget_tokens: z.int().min(1024).optional(),
    })
    .optional(),
  context_management: z
    .looseObject({
      edits: z.array(editSchema).optional(),
    })
    .nullable()
    .optional(),
  betas: z.array(z.string()).optional(),
})

/** What the request editor accepts: a request body, or a bare messages array. */
export const editorRequestSchema = z.union([
  requestBody,
  z.array(messageSchema),
])
