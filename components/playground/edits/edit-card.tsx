"use client"

import {
  appliedText,
  type EditTrace,
  editKind,
  verdictOf,
} from "@/lib/context-editing"
import type { EditObject } from "@/lib/state/edits"

import { cn } from "@/components/ui/cn"

import { approx } from "../store/use-simulation"
import { RULE_FIELDS } from "./rule-fields/registry"
import type { RuleFieldsProps } from "./rule-fields/types"

function TraceChip({ trace }: { trace: EditTrace | undefined }) {
  if (!trace) return null
  const stop = trace.steps.find((s) => s.outcome === "stop")
  // The kind's words (its `verdicts` and `applied` in the engine's registry).
  const label = trace.entry
    ? `${verdictOf(trace)}: ${appliedText(trace.entry)}, ${approx(trace.entry.cleared_input_tokens)} tokens`
    : verdictOf(trace)
  return (
    <p
      data-testid={`edits.${trace.index}.status`}
      className={cn(
        "mt-1 rounded px-2 py-1 text-[11px] leading-4",
        trace.applied
          ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100"
          : "bg-zinc-100 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
      )}
    >
      <span className="font-semibold">
        {trace.applied ? "✓ " : "○ "}
        {label}
      </span>
      {stop && <span className="block">{stop.text}</span>}
    </p>
  )
}

/** One edit of `context_management.edits`: title, order controls, its form and status. */
export function EditCard({
  edit,
  index,
  count,
  trace,
  cardError,
  warnings,
  onMove,
  onRemove,
  fieldProps,
}: {
  edit: EditObject
  index: number
  count: number
  trace: EditTrace | undefined
  cardError: string | null
  /** The engine's warnings about this edit (suspicious but allowed). */
  warnings: readonly string[]
  onMove: (to: number) => void
  onRemove: () => void
  fieldProps: Omit<RuleFieldsProps, "edit" | "index">
}) {
  const type = typeof edit.type === "string" ? edit.type : "(missing type)"
  const meta = editKind(type)
  const Fields = Object.hasOwn(RULE_FIELDS, type)
    ? RULE_FIELDS[type]
    : undefined
  const btn =
    "rounded px-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-30 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
  return (
    <li
      data-testid={`edits.card.${index}`}
      className="rounded-lg border border-zinc-200 bg-white p-2.5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <div className="flex items-start gap-2">
        <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-zinc-900 text-[11px] font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900">
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold">
            {meta?.label ?? "Unknown edit"}
          </h3>
          <p className="font-mono text-[11px] text-zinc-500">{type}</p>
        </div>
        <div className="flex shrink-0 items-center text-sm">
          <button
            type="button"
            className={btn}
            disabled={index === 0}
            aria-label={`Move edit ${index + 1} up`}
            data-testid={`edits.card.${index}.up`}
            onClick={() => onMove(index - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className={btn}
            disabled={index === count - 1}
            aria-label={`Move edit ${index + 1} down`}
            data-testid={`edits.card.${index}.down`}
            onClick={() => onMove(index + 1)}
          >
            ↓
          </button>
          <button
            type="button"
            className={btn}
            aria-label={`Remove edit ${index + 1}`}
            data-testid={`edits.card.${index}.remove`}
            onClick={onRemove}
          >
            ✕
          </button>
        </div>
      </div>
      {meta && (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {meta.blurb}
        </p>
      )}
      {Fields ? (
        <div className="mt-1">
          <Fields edit={edit} index={index} trace={trace} {...fieldProps} />
        </div>
      ) : (
        <p className="mt-1 text-xs text-zinc-600">
          Edit this one in the context_management JSON below.
        </p>
      )}
      {cardError && (
        <p
          role="alert"
          data-testid={`edits.card.${index}.error`}
          className="mt-1 rounded bg-red-50 px-2 py-1 text-[11px] text-red-800 dark:bg-red-950/60 dark:text-red-200"
        >
          {cardError}
        </p>
      )}
      <TraceChip trace={trace} />
      {warnings.map((w, k) => (
        <p
          key={k}
          data-testid={`edits.card.${index}.warning`}
          className="mt-1 rounded bg-amber-50 px-2 py-1 text-[11px] leading-4 text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
        >
          {w}
        </p>
      ))}
    </li>
  )
}
