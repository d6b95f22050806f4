/**
 * Cache diagnostics on a real run (docs/semantics.md#cache-diagnostics,
 * DOC): a request names the previous response's id in
 * `diagnostics.previous_message_id`, and the response says in
 * `diagnostics.cache_miss_reason` where its prompt diverged from that
 * request's (`model_changed`, `system_changed`, `tools_changed`,
 * `messages_changed`; `unavailable` when model, system and tools match but
 * `thinking` or `tool_choice` differ; `previous_message_not_found`). The
 * docs' revisions differ on beta or GA: the beta header is sent as well.
 *
 * The playground's own prediction of that reason, from the two requests
 * and the engine's edits, goes beside the API's.
 */
import type {
  BetaCacheMissReason,
  BetaDiagnostics,
} from "@anthropic-ai/sdk/resources/beta/messages/messages"

import type { SimulateResult } from "@/lib/context-editing"
import { isRecord } from "@/lib/json/is-record"

/** The engine's simulate(), passed in: the page loads the engine after its first paint. */
export type Simulate = (request: Record<string, unknown>) => SimulateResult

/** The beta header of cache diagnostics (an older revision of the docs requires it). */
export const CACHE_DIAGNOSIS_BETA = "cache-diagnosis-2026-04-07"

export type MissReasonType = BetaCacheMissReason["type"]

/** What the API said: its reason (null: no divergence, or the comparison still pending). */
export type ApiDiagnosis = BetaDiagnostics

/** The run's body with diagnostics asked for (`null` on the first run: opt in with nothing to compare). */
export function withDiagnostics(
  body: Record<string, unknown>,
  previousMessageId: string | null
): Record<string, unknown> {
  return { ...body, diagnostics: { previous_message_id: previousMessageId } }
}

/** The playground's prediction of the API's reason, and why. */
export interface PredictedDiagnosis {
  /** null: the prompt only grows (no divergence expected). */
  type: Exclude<MissReasonType, "previous_message_not_found"> | null
  why: string
}

type Req = Record<string, unknown>
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const msgs = (r: Req): unknown[] =>
  Array.isArray(r.messages) ? r.messages : []

/** Image blocks in a block: itself, or in a tool result's content. */
const imagesIn = (b: unknown): number =>
  !isRecord(b)
    ? 0
    : b.type === "image"
      ? 1
      : Array.isArray(b.content)
        ? b.content.filter((x) => isRecord(x) && x.type === "image").length
        : 0

const imagesOf = (r: Req) =>
  msgs(r).reduce<number>((n, m) => {
    const c = isRecord(m) ? m.content : null
    return n + (Array.isArray(c) ? c.reduce((k, b) => k + imagesIn(b), 0) : 0)
  }, 0)

/** The first message of `prev` that `cur` does not repeat (-1: `cur` only appends). */
function firstChanged(prev: Req, cur: Req): number {
  const [p, c] = [msgs(prev), msgs(cur)]
  for (let i = 0; i < p.length; i++) if (!same(p[i], c[i])) return i
  return -1
}

/** Whether the edits change, in `cur`, a block of `prev`'s prompt (the server's edited prompt no longer extends it). */
function editsDiverge(prev: Req, cur: Req, simulate: Simulate): string | null {
  const [a, b] = [simulate(prev), simulate(cur)]
  if (!a.ok || !b.ok) return null
  const form = (x: (typeof a.blocks)[number]) =>
    `${x.messageIndex}.${x.blockIndex}:${x.tokensAfter === 0 ? "-" : x.status}`
  const i = a.blocks.findIndex(
    (x, k) => !b.blocks[k] || form(x) !== form(b.blocks[k]!)
  )
  if (i < 0) return null
  const x = a.blocks[i]!
  return `the edits change message ${x.messageIndex}, block ${x.blockIndex} of the previous prompt`
}

/**
 * The reason the API should give for `cur` after `prev`, in the order the
 * prompt is cached (model, tools, system, then the other parameters, then
 * messages), with the documented invalidations (images added or removed).
 */
export function predictDiagnosis(
  prev: unknown,
  cur: unknown,
  simulate: Simulate | null
): PredictedDiagnosis {
  if (!isRecord(prev) || !isRecord(cur))
    return { type: "unavailable", why: "a request is not a JSON object" }
  if (prev.model !== cur.model)
    return {
      type: "model_changed",
      why: `the model changed (${String(prev.model)} → ${String(cur.model)})`,
    }
  if (!same(prev.tools, cur.tools))
    return { type: "tools_changed", why: "the tool definitions changed" }
  if (!same(prev.system, cur.system))
    return { type: "system_changed", why: "the system prompt changed" }
  for (const k of ["thinking", "tool_choice"] as const)
    if (!same(prev[k], cur[k]))
      return {
        type: "unavailable",
        why: `\`${k}\` changed: the API does not name it, the messages' cache is gone`,
      }
  const at = firstChanged(prev, cur)
  if (at >= 0)
    return {
      type: "messages_changed",
      why: `message ${at} is not what the previous request sent`,
    }
  if (imagesOf(prev) !== imagesOf(cur))
    return {
      type: "messages_changed",
      why: "images were added or removed (that empties the messages' cache)",
    }
  const edits = simulate ? editsDiverge(prev, cur, simulate) : null
  if (edits) return { type: "messages_changed", why: edits }
  return {
    type: null,
    why: "the prompt only grows: the previous one is its prefix",
  }
}
