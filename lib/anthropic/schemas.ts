/**
 * Wire contract between the browser fetcher and the API routes
 * (`/api/count-tokens`, `/api/messages`, `/api/status`). One definition, used
 * on both sides. Browser-safe: only type imports from the SDK.
 *
 * Request bodies are `{ request: <Messages API request body>, mode? }`. Only
 * the essentials are validated (model, messages, max_tokens for messages);
 * every other field passes through untouched so the API itself judges it.
 */
import type {
  BetaClearThinking20251015EditResponse,
  BetaClearToolUses20250919EditResponse,
  BetaRawMessageStreamEvent,
} from "@anthropic-ai/sdk/resources/beta/messages/messages"
import { z } from "zod"

import { isApiErrorCode, type ApiErrorBody, type ApiErrorCode } from "./errors"

/** Header carrying a key typed into the page; never a query parameter. */
export const API_KEY_HEADER = "x-playground-api-key"

/** Largest accepted request body (bytes). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024

const messageParamSchema = z.looseObject({
  role: z.string().min(1),
  content: z.union([z.string(), z.array(z.unknown())]),
})

const requestShape = {
  model: z.string().min(1, "model must be a non-empty string"),
  messages: z.array(messageParamSchema),
}

/** A Messages API body as sent to `count_tokens` (extra fields pass through). */
export const countTokensRequestSchema = z.looseObject(requestShape)

/** A Messages API body as sent to `messages.create` (extra fields pass through). */
export const messagesRequestSchema = z.looseObject({
  ...requestShape,
  max_tokens: z.int().positive("max_tokens must be a positive integer"),
})

/** `count_tokens` modes: one call with the edits, or also one without. */
export const countTokensModeSchema = z.enum(["with_edits", "both"])

/** Body of `POST /api/count-tokens`. */
export const countTokensBodySchema = z.object({
  request: countTokensRequestSchema,
  mode: countTokensModeSchema.optional(),
})

/** Body of `POST /api/messages`. */
export const messagesBodySchema = z.object({
  request: messagesRequestSchema,
})

export type CountTokensRequest = z.infer<typeof countTokensRequestSchema>
export type MessagesRequest = z.infer<typeof messagesRequestSchema>
export type CountTokensMode = z.infer<typeof countTokensModeSchema>
export type CountTokensBody = z.infer<typeof countTokensBodySchema>
export type MessagesBody = z.infer<typeof messagesBodySchema>

/** Answer of `POST /api/count-tokens`. */
export const countTokensResultSchema = z.object({
  model: z.string(),
  /** Server count after the edits. */
  input_tokens: z.int().nonnegative(),
  /** Server count before the edits (`context_management.original_input_tokens`). */
  original_input_tokens: z.int().nonnegative(),
  /** False when the server sent no `context_management` (then original = input). */
  reported_original: z.boolean(),
  /** Mode "both": the same request counted without `context_management`. */
  unedited_input_tokens: z.int().nonnegative().optional(),
  /** Top-level fields `count_tokens` does not accept, left out of the call. */
  dropped_fields: z.array(z.string()),
  /** Upstream retries spent (5xx/529). */
  retries: z.int().nonnegative(),
})
export type CountTokensResult = z.infer<typeof countTokensResultSchema>

/** Answer of `GET /api/status`. */
export const statusResultSchema = z.object({ serverKey: z.boolean() })
export type StatusResult = z.infer<typeof statusResultSchema>

const errorDetailsSchema = z.looseObject({
  path: z.array(z.union([z.string(), z.number()])).optional(),
  retryAfterSeconds: z.number().optional(),
  source: z.enum(["anthropic", "playground"]).optional(),
  retries: z.number().optional(),
  upstreamStatus: z.number().optional(),
  requestId: z.string().optional(),
  limitBytes: z.number().optional(),
  timeoutMs: z.number().optional(),
})

/** `{ code, message, details? }`. */
export const apiErrorBodySchema = z.object({
  code: z.custom<ApiErrorCode>(isApiErrorCode, "unknown error code"),
  message: z.string(),
  details: errorDetailsSchema.optional(),
}) satisfies z.ZodType<ApiErrorBody>

/** `{ error: { code, message, details? } }`: every error answer. */
export const apiErrorResponseSchema = z.object({ error: apiErrorBodySchema })

/** One edit the server reports in `context_management.applied_edits`. */
export type AppliedEdit =
  BetaClearToolUses20250919EditResponse | BetaClearThinking20251015EditResponse

/**
 * One line of the NDJSON stream of `POST /api/messages`:
 * `meta` first, then upstream `event`s verbatim, then `done` or `error`.
 */
export type StreamLine =
  | { kind: "meta"; retries: number; betas: string[] }
  | { kind: "event"; event: BetaRawMessageStreamEvent }
  | { kind: "error"; error: ApiErrorBody }
  | { kind: "done" }

const rawEventSchema = z.custom<BetaRawMessageStreamEvent>(
  (v) =>
    typeof v === "object" &&
    v !== null &&
    typeof (v as { type?: unknown }).type === "string",
  "not a stream event"
)

/** Validates one parsed NDJSON line. */
export const streamLineSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("meta"),
    retries: z.int().nonnegative(),
    betas: z.array(z.string()),
  }),
  z.object({ kind: z.literal("event"), event: rawEventSchema }),
  z.object({ kind: z.literal("error"), error: apiErrorBodySchema }),
  z.object({ kind: z.literal("done") }),
]) satisfies z.ZodType<StreamLine>

/** Content type of the messages stream. */
export const NDJSON_CONTENT_TYPE = "application/x-ndjson; charset=utf-8"
