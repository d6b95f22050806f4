"use client"

import {
  type MissReasonType,
  predictDiagnosis,
} from "@/lib/anthropic/cache-diagnosis"
import { formatTokens } from "@/lib/anthropic/compare"
import type { StreamSnapshot } from "@/lib/anthropic/stream-accumulator"

import { useEngine } from "../store/use-simulation"
import { AgreementBadge } from "./badge"

const WORDS: Record<MissReasonType, string> = {
  model_changed: "the model changed",
  system_changed: "the system prompt changed",
  tools_changed: "the tools changed",
  messages_changed: "the messages changed",
  previous_message_not_found: "the API has no record of the previous run",
  unavailable:
    "no diagnosis (thinking or tool_choice changed, or none to give)",
}

/** The API's reason, in words. */
function apiText(s: StreamSnapshot): string {
  const r = s.diagnostics?.cache_miss_reason
  if (!s.diagnostics) return "no divergence from the previous run"
  if (!r) return "pending (the API answered before its comparison ended)"
  const missed =
    "cache_missed_input_tokens" in r
      ? `: ${formatTokens(r.cache_missed_input_tokens)} tokens could not be read from the cache`
      : ""
  return `${r.type} — ${WORDS[r.type]}${missed}`
}

/**
 * Why the cache missed on this run, as the API says it (cache diagnostics,
 * docs/semantics.md#cache-diagnostics) beside the playground's prediction
 * from the two requests and the engine's edits.
 */
export function CacheDiagnosis({
  snapshot,
  previous,
  request,
}: {
  snapshot: StreamSnapshot
  previous: unknown
  request: unknown
}) {
  const engine = useEngine()
  if (snapshot.diagnostics === undefined) return null
  if (previous === null)
    return (
      <p className="text-xs text-zinc-500" data-testid="server.diagnosis">
        Cache diagnostics: the first run of this tab. The API compares the next
        run with this one and says why its cache missed, if it did.
      </p>
    )
  const predicted = predictDiagnosis(
    previous,
    request,
    engine?.simulate ?? null
  )
  const api = snapshot.diagnostics?.cache_miss_reason ?? null
  const agrees = (api?.type ?? null) === predicted.type
  return (
    <div data-testid="server.diagnosis" className="space-y-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">Why the cache missed</h3>
        {(api || !snapshot.diagnostics) && (
          <AgreementBadge testId="server.diagnosis-badge" agrees={agrees}>
            {agrees ? "agrees" : "differs"}
          </AgreementBadge>
        )}
      </div>
      <p data-testid="server.diagnosis-api">
        <span className="text-zinc-500">The API: </span>
        {apiText(snapshot)}
      </p>
      <p data-testid="server.diagnosis-predicted">
        <span className="text-zinc-500">Predicted: </span>
        {predicted.type
          ? `${predicted.type} — ${predicted.why}`
          : predicted.why}
      </p>
    </div>
  )
}
