/**
 * The one-click fix for "clear_thinking needs thinking on": it picks, among
 * the request defaults' fixes (request/request-defaults.ts), the first that
 * the simulator accepts, so it never produces a request the API rejects.
 */
import {
  enableThinking,
  forcesTool,
  modelTakesThinking,
  type RequestFix,
  THINKING_BUDGET,
} from "../request/request-defaults"
import type { SimulateOptions } from "../types"
import { formatNumber } from "@/lib/format/number"
import { simulate } from "./simulate"

type Obj = Record<string, unknown>

const fmt = formatNumber

function enabledFix(request: Obj): RequestFix {
  const max = request.max_tokens
  const notes: string[] = []
  if (typeof max === "number" && max <= THINKING_BUDGET)
    notes.push(`max_tokens ${fmt(max)} → ${fmt(THINKING_BUDGET + max)}`)
  if (forcesTool(request)) notes.push("tool_choice → auto")
  return {
    label: `Enable thinking (budget ${fmt(THINKING_BUDGET)}${notes.map((n) => `; ${n}`).join("")})`,
    apply: (r) => enableThinking(r),
  }
}

const ADAPTIVE_FIX: RequestFix = {
  label: "Turn on adaptive thinking",
  apply: (r) => ({ ...r, thinking: { type: "adaptive" } }),
}

/**
 * The fix for "clear_thinking needs thinking on", worded for this request:
 * manual thinking where the model takes it, else adaptive; and adaptive too
 * when manual thinking would trip another rule of the API (a tool loop whose
 * assistant message does not start with thinking), checked by simulating
 * the fixed request with the page's switches.
 */
export function thinkingOnFix(
  request: Obj,
  options?: SimulateOptions
): RequestFix {
  const candidates = modelTakesThinking(request, "enabled")
    ? [enabledFix(request), ADAPTIVE_FIX]
    : [ADAPTIVE_FIX]
  return (
    candidates.find((f) => simulate(f.apply(request), options).ok) ??
    candidates[0]!
  )
}
