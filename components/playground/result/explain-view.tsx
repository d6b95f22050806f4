"use client"

import {
  EDIT_LABELS,
  type SimulateSuccess,
  verdictOf,
} from "@/lib/context-editing"

import { cn } from "@/components/ui/cn"

import { approx } from "../store/use-simulation"
import { CacheImpactView } from "./cache-impact-view"
import { STATUS } from "./status"

/** The server's decisions, step by step in plain language (the regex101 idea). */
export function ExplainView({ sim }: { sim: SimulateSuccess }) {
  const changes = sim.blocks.filter(
    (b) => b.status !== "kept" && b.status !== "kept_recent"
  )
  // The implicit default has its own section; its warning would repeat it.
  const warnings = sim.implicitThinking
    ? sim.warnings.filter((w) => w.code !== "implicit_thinking_default")
    : sim.warnings
  const byDefault = sim.implicitThinking?.applied === true
  return (
    <div className="space-y-4 text-sm" data-testid="explain.view">
      {sim.edits.length === 0 && (
        <p className="text-zinc-600 dark:text-zinc-400">
          {sim.context_management === null
            ? byDefault
              ? "No context_management: no edit runs and the response says context_management: null, but the model's thinking default still removes thinking (below)."
              : "No context_management: the server applies no edits and returns context_management: null."
            : byDefault
              ? "edits is empty: no edit runs, so applied_edits is [], but the model's thinking default still removes thinking (below)."
              : "edits is empty: nothing to apply, so applied_edits is []."}
        </p>
      )}
      {sim.edits.map((trace) => (
        <section key={trace.index} data-testid={`explain.edit.${trace.index}`}>
          <h3 className="font-semibold">
            {trace.index + 1}. {EDIT_LABELS[trace.type] ?? trace.type}{" "}
            <code className="text-xs font-normal text-zinc-500">
              {trace.type}
            </code>
            <span
              className={cn(
                "ml-2 rounded px-1.5 text-[11px] font-medium",
                trace.applied
                  ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100"
                  : "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
              )}
            >
              {verdictOf(trace)}
            </span>
          </h3>
          <ol className="mt-1 list-decimal space-y-1 pl-6">
            {trace.steps.map((step) => (
              <li
                key={step.id}
                data-outcome={step.outcome}
                className={cn(
                  "pl-1",
                  step.outcome === "stop" &&
                    "rounded bg-amber-50 py-0.5 font-medium text-amber-950 marker:text-amber-700 dark:bg-amber-950/50 dark:text-amber-100",
                  step.outcome === "info" && "text-zinc-600 dark:text-zinc-400"
                )}
              >
                {step.text}
              </li>
            ))}
          </ol>
        </section>
      ))}
      {sim.implicitThinking && (
        <section data-testid="explain.implicit-thinking">
          <h3 className="font-semibold">Implicit thinking default</h3>
          <p className="mt-1 text-zinc-700 dark:text-zinc-300">
            {sim.implicitThinking.message}
          </p>
        </section>
      )}
      {sim.edits.length > 0 && <CacheImpactView sim={sim} />}
      {warnings.length > 0 && (
        <section data-testid="explain.warnings">
          <h3 className="font-semibold">Worth a look</h3>
          <ul className="mt-1 list-disc space-y-1 pl-6 text-zinc-700 dark:text-zinc-300">
            {warnings.map((w, i) => (
              <li key={`${w.code}${i}`}>{w.message}</li>
            ))}
          </ul>
        </section>
      )}
      <section data-testid="explain.summary" aria-label="Changes, in words">
        <h3 className="font-semibold">Changes, in words</h3>
        {changes.length === 0 ? (
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">
            No block changes.
          </p>
        ) : (
          <ul className="mt-1 space-y-0.5 text-xs">
            {changes.slice(0, 500).map((b) => (
              <li key={`${b.messageIndex}.${b.blockIndex}`}>
                Message {b.messageIndex}, block {b.blockIndex}, {b.type}
                {b.toolName ? ` for ${b.toolName}` : ""}:{" "}
                {STATUS[b.status].label}
                {b.tokensBefore !== b.tokensAfter
                  ? `, ${approx(b.tokensBefore)} → ${approx(b.tokensAfter)} tokens`
                  : ""}
                {/* No edit section above explains these: say why here. */}
                {b.status === "ignored" ? ` (${b.reason})` : ""}.
              </li>
            ))}
            {changes.length > 500 && (
              <li>… and {changes.length - 500} more.</li>
            )}
          </ul>
        )}
      </section>
    </div>
  )
}
