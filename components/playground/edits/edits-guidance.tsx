"use client"

import { useMemo } from "react"

import { moveEdit, type EditObject } from "@/lib/state/edits"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { useEngine } from "../store/use-simulation"

function thinkingOn(request: unknown): boolean {
  if (typeof request !== "object" || request === null) return false
  const t = (request as { thinking?: { type?: unknown } }).thinking
  return (
    t?.type === "enabled" ||
    t?.type === "adaptive" ||
    t?.type === "between_tools"
  )
}

const isReq = (r: unknown): r is Record<string, unknown> =>
  typeof r === "object" && r !== null && !Array.isArray(r)

/**
 * Explains the two rules of clear_thinking where they bite — it must come
 * first, and thinking must be on — with a one-click fix for each.
 */
export function EditsGuidance({
  request,
  edits,
}: {
  request: unknown
  edits: EditObject[]
}) {
  const updateRequest = usePlaygroundStore((s) => s.updateRequest)
  const assumptions = usePlaygroundStore((s) => s.assumptions)
  // No simulation here of content whose background check is not done
  // (store/trial-check.ts).
  const checking = usePlaygroundStore((s) => s.trial !== null)
  const engine = useEngine()
  const thinkingIndex = edits.findIndex(
    (e) => e.type === "clear_thinking_20251015"
  )
  const needsThinking = thinkingIndex >= 0 && !thinkingOn(request)
  // The fix is simulated before it is offered (once the engine is there):
  // it never adds a new 400.
  const thinkingFix = useMemo(
    () =>
      engine && !checking && needsThinking && isReq(request)
        ? engine.thinkingOnFix(request, { assumptions })
        : null,
    [engine, checking, needsThinking, request, assumptions]
  )
  if (thinkingIndex < 0) return null
  const box =
    "rounded border border-amber-300 bg-amber-50 px-2 py-1.5 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
  const fix =
    "mt-1 rounded border border-amber-500 px-2 py-0.5 font-medium hover:bg-amber-100 dark:hover:bg-amber-900"
  return (
    <>
      {thinkingIndex > 0 && (
        <div className={box} data-testid="edits.guidance.order">
          <strong>clear_thinking must come first.</strong> When strategies are
          combined, the docs require <code>clear_thinking_20251015</code> to be
          the first edit: the server decides which thinking to keep before
          anything else changes the conversation.
          <br />
          <button
            type="button"
            className={fix}
            data-testid="edits.guidance.order.fix"
            onClick={() => updateRequest((r) => moveEdit(r, thinkingIndex, 0))}
          >
            Move it to the top
          </button>
        </div>
      )}
      {thinkingFix && (
        <div className={box} data-testid="edits.guidance.thinking">
          <strong>Thinking is off.</strong> <code>clear_thinking_20251015</code>{" "}
          only works when <code>thinking</code> is enabled or adaptive; the API
          rejects the request otherwise.
          <br />
          <button
            type="button"
            className={fix}
            data-testid="edits.guidance.thinking.fix"
            onClick={() => updateRequest(thinkingFix.apply)}
          >
            {thinkingFix.label}
          </button>
        </div>
      )}
    </>
  )
}
