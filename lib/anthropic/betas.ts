/**
 * Which `anthropic-beta` values a request needs (docs/semantics.md#beta-headers). The per-edit
 * rule lives in the engine (`betaHeadersFor` in `@/lib/context-editing`);
 * this adds what only the API routes care about.
 */
import {
  blockOwner,
  CONTEXT_MANAGEMENT_BETA,
  EDIT_BETAS,
  betaHeadersFor as engineBetas,
} from "@/lib/context-editing"

import { CACHE_DIAGNOSIS_BETA } from "./cache-diagnosis"

/** Enables `context_management` and the clear edits (the engine's constant). */
export { CONTEXT_MANAGEMENT_BETA }
/** Enables the edit that `compaction` blocks need, and those blocks (from the registry). */
export const COMPACT_BETA = EDIT_BETAS[blockOwner("compaction")!]

const BETA_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/

/**
 * Beta flags to send: always the context-management beta (the playground
 * is about `context_management`, and sending it is harmless), then the
 * engine's per-edit betas (each kind's `beta`, and the compaction beta for
 * a replayed `compaction` block), then any well-formed names the body lists
 * in a `betas` array (the SDK's own convention), and cache diagnostics'
 * beta when the body asks for diagnostics. Deduplicated, in order.
 */
export function betaHeadersFor(request: unknown): string[] {
  const betas = new Set([CONTEXT_MANAGEMENT_BETA, ...engineBetas(request)])
  const diagnostics =
    typeof request === "object" && request !== null
      ? (request as { diagnostics?: unknown }).diagnostics
      : undefined
  if (typeof diagnostics === "object" && diagnostics !== null)
    betas.add(CACHE_DIAGNOSIS_BETA)
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
