/**
 * Client-side checks before calling the routes: is the edited request usable
 * at all, and — for a real run — which `max_tokens` to add when it is missing
 * (kept small because a run is billed). Pure; never throws.
 */
import { isRecord } from "@/lib/json/is-record"
import { formatNumber } from "@/lib/format/number"

/** `max_tokens` added to a run that has none. */
export const DEFAULT_MAX_TOKENS = 256

/** Why a request cannot be sent, or the request as an object. */
export function checkRequestShape(
  request: unknown
):
  | { success: true; data: Record<string, unknown> & { model: string } }
  | { success: false; error: string } {
  if (!isRecord(request)) {
    return { success: false, error: "The request must be a JSON object." }
  }
  if (typeof request.model !== "string" || request.model.trim() === "") {
    return { success: false, error: 'The request needs a "model".' }
  }
  if (!Array.isArray(request.messages)) {
    return { success: false, error: 'The request needs a "messages" array.' }
  }
  return {
    success: true,
    data: request as Record<string, unknown> & { model: string },
  }
}

function thinkingBudget(request: Record<string, unknown>): number | undefined {
  const thinking = request.thinking
  if (!isRecord(thinking) || thinking.type !== "enabled") return undefined
  const budget = thinking.budget_tokens
  return typeof budget === "number" && budget > 0 ? budget : undefined
}

/**
 * The body for a real run plus notes for the user about what was changed.
 * With extended thinking, `max_tokens` must exceed `budget_tokens`, so the
 * default becomes budget + {@link DEFAULT_MAX_TOKENS}.
 */
export function prepareSendRequest(request: unknown):
  | {
      success: true
      data: { request: Record<string, unknown>; notes: string[] }
    }
  | { success: false; error: string } {
  const checked = checkRequestShape(request)
  if (!checked.success) return checked
  const body = { ...checked.data }
  const notes: string[] = []
  if (body.max_tokens === undefined || body.max_tokens === null) {
    const budget = thinkingBudget(body)
    const value =
      budget !== undefined ? budget + DEFAULT_MAX_TOKENS : DEFAULT_MAX_TOKENS
    body.max_tokens = value
    notes.push(
      budget !== undefined
        ? `max_tokens was missing: sent ${formatNumber(value)} (thinking budget + ${DEFAULT_MAX_TOKENS}) to keep the run cheap.`
        : `max_tokens was missing: sent ${value} to keep the run cheap.`
    )
  }
  if (body.stream === false) {
    notes.push("stream: false is ignored; the playground always streams.")
  }
  return { success: true, data: { request: body, notes } }
}
