// Turns the playground's request into what an SDK call or curl needs: the
// body (secrets stripped, `betas` lifted out), the beta headers, and for
// count_tokens only the fields that endpoint accepts.

import { COUNT_TOKENS_PARAMS } from "@/lib/anthropic/sdk-params"
import {
  betaHeadersFor,
  blockOwner,
  CONTEXT_MANAGEMENT_BETA,
  EDIT_BETAS,
  ON_DEMAND_BETA,
} from "@/lib/context-editing/rules/catalogue"
import { stripSecrets } from "@/lib/share/secrets"
import { isRecord as isPlainObject } from "@/lib/json/is-record"

/** Which endpoint the exported code calls. */
export type ExportTarget = "messages" | "count_tokens"

/** Beta that enables `context_management` (the engine's). */
export const BETA_CONTEXT_MANAGEMENT = CONTEXT_MANAGEMENT_BETA
/** Beta of the edit `compaction` blocks need, and of those blocks (the registry's). */
export const BETA_COMPACT = EDIT_BETAS[blockOwner("compaction")!]
/** Beta for request-level on-demand `compaction` (docs/semantics.md#on-demand-compaction). */
export const BETA_ON_DEMAND_COMPACT = ON_DEMAND_BETA

const BETA_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** A request body ready to print, with the betas it needs. */
export interface PreparedRequest {
  body: Record<string, unknown>
  betas: string[]
  /** Top-level fields left out because the target does not accept them. */
  dropped: string[]
}

/** Prepares a request for export; null when it is not a JSON object. */
export function prepareRequest(
  request: unknown,
  target: ExportTarget
): PreparedRequest | null {
  if (!isPlainObject(request)) return null
  // JSON round trip: drops undefined and functions exactly as sending would.
  const plain = JSON.parse(JSON.stringify(request)) as Record<string, unknown>
  const { value: body } = stripSecrets(plain)

  // Always the context-management beta, then what the engine says this
  // request needs (each edit kind's beta, replayed and on-demand compaction).
  const betas = [BETA_CONTEXT_MANAGEMENT]
  for (const beta of betaHeadersFor(body))
    if (!betas.includes(beta)) betas.push(beta)
  // `betas` is an SDK parameter, not part of the HTTP body. Names that are
  // not plain tokens are dropped: they would be invalid header values and
  // could break out of the quoting in the curl snippet.
  if (Array.isArray(body.betas)) {
    for (const beta of body.betas) {
      if (
        typeof beta === "string" &&
        BETA_NAME.test(beta) &&
        !betas.includes(beta)
      ) {
        betas.push(beta)
      }
    }
  }
  delete body.betas

  const dropped: string[] = []
  if (target === "count_tokens") {
    for (const key of Object.keys(body)) {
      if (!COUNT_TOKENS_PARAMS.has(key)) {
        dropped.push(key)
        delete body[key]
      }
    }
  }
  return { body, betas, dropped }
}
