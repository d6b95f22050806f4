/**
 * Which `anthropic-beta` values a request needs (docs/semantics.md#beta-headers). The per-edit
 * rule lives in the engine (`betaHeadersFor` in `@/lib/context-editing`);
 * this adds what only the API routes care about.
 */
import { betaHeadersFor as engineBetas } from "@/lib/context-editing"

/** Enables `clear_tool_uses_20250919` and `clear_thinking_20251015`. */
export const CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27"
/** Enables `compact_20260112` and `compaction` blocks. */
export const COMPACT_BETA = "compact-2026-01-12"

const BETA_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/

/**
 * Beta flags to send: always the context-management beta (the playground
 * is about `context_management`, and sending it is harmless), then the
 * engine's per-edit betas (compact for a `compact_20260112` edit or a
 * replayed `compaction` block), then any well-formed names the body lists
 * in a `betas` array (the SDK's own convention). Deduplicated, in order.
 */
export function betaHeadersFor(request: unknown): string[] {
  const betas = new Set([CONTEXT_MANAGEMENT_BETA, ...engineBetas(request)])
  const extra =
    typeof request === "object" && request !== null
      ? (request as { betas?: unknown }).betas
      : undefined
  if (Array.isArray(extra)) {
    for (const b of extra) {
      if (typeof b === "string" && BETA_NAME.test(b)) betas.add(b)
    }
  }
  return [...betas]
}
