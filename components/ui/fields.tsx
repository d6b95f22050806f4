"use client"

import { useId, useState, type ReactNode } from "react"

import { cn } from "@/components/ui/cn"

export const inputClass =
  "w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm tabular-nums outline-none focus-visible:border-brand focus-visible:ring-2 focus-visible:ring-brand/30 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900"

/** A labelled row: label (with hint) on the left, control on the right. */
export function FieldRow({
  label,
  hint,
  htmlFor,
  error,
  children,
}: {
  label: string
  hint?: ReactNode
  htmlFor?: string
  error?: string | null
  children: ReactNode
}) {
  return (
    <div className="py-1">
      <label
        htmlFor={htmlFor}
        className="mb-0.5 block font-mono text-[11px] font-medium text-zinc-700 dark:text-zinc-300"
      >
        {label}
      </label>
      <div className="min-w-0">
        {children}
        {hint && (
          <p className="mt-0.5 text-[11px] leading-4 text-zinc-500">{hint}</p>
        )}
        {error && (
          <p
            role="alert"
            className="mt-0.5 text-[11px] leading-4 text-red-600 dark:text-red-400"
          >
            {error}
          </p>
        )}
      </div>
    </div>
  )
}

/**
 * An integer input that keeps what the user is typing (even "" or "-") and
 * reports a number only when there is one; `null` means "use the default".
 */
export function NumberInput({
  value,
  onChange,
  placeholder,
  testId,
  id,
  disabled,
  label,
  step = 1,
}: {
  value: number | undefined
  onChange: (value: number | null) => void
  placeholder?: string
  testId?: string
  id?: string
  disabled?: boolean
  label?: string
  step?: number
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const shown = draft ?? (value === undefined ? "" : String(value))
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      step={step}
      aria-label={label}
      data-testid={testId}
      disabled={disabled}
      className={inputClass}
      placeholder={placeholder}
      value={shown}
      onChange={(e) => {
        const raw = e.target.value
        setDraft(raw)
        if (raw.trim() === "") onChange(null)
        else if (Number.isFinite(Number(raw))) onChange(Number(raw))
      }}
      onBlur={() => setDraft(null)}
    />
  )
}

/** A list of names as removable chips, with an input to add more. */
/** Edit distance, for "did you mean" (short names only). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!
      row[j] = Math.min(
        row[j]! + 1,
        row[j - 1]! + 1,
        prev + (a[i - 1] === b[j - 1] ? 0 : 1)
      )
      prev = cur
    }
  }
  return row[b.length]!
}

/** The known name a typo most likely meant (at most 2 edits away), if any. */
function closeName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined
  let bestD = 3
  for (const k of known) {
    if (Math.abs(k.length - name.length) >= bestD) continue
    const d = distance(name.toLowerCase(), k.toLowerCase())
    if (d < bestD) [best, bestD] = [k, d]
  }
  return best
}

function unknownToolHint(name: string, known: readonly string[]): string {
  const close = closeName(name, known)
  return `No tool definition or tool use in this request is named ${name}, so this entry protects nothing${close ? `. Did you mean ${close}?` : "."}`
}

export function ChipsInput({
  values,
  onChange,
  suggestions,
  testId,
  label,
  placeholder = "Add a tool name…",
}: {
  values: string[]
  onChange: (values: string[]) => void
  suggestions: string[]
  testId: string
  label: string
  placeholder?: string
}) {
  const [draft, setDraft] = useState("")
  const listId = useId()
  const add = (name: string) => {
    const trimmed = name.trim()
    if (trimmed && !values.includes(trimmed)) onChange([...values, trimmed])
    setDraft("")
  }
  return (
    <div data-testid={testId}>
      <div className="flex flex-wrap gap-1">
        {values.map((v) => (
          <span
            key={v}
            data-testid={`${testId}.chip.${v}`}
            data-unknown={suggestions.includes(v) ? undefined : "true"}
            title={
              suggestions.includes(v)
                ? undefined
                : unknownToolHint(v, suggestions)
            }
            className={cn(
              "inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-mono text-xs",
              suggestions.includes(v)
                ? "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100"
                : "bg-amber-100 text-amber-950 ring-1 ring-amber-400 dark:bg-amber-900/50 dark:text-amber-100"
            )}
          >
            {v}
            {!suggestions.includes(v) && (
              <span className="font-sans text-[10px]">
                {closeName(v, suggestions)
                  ? `(did you mean ${closeName(v, suggestions)}?)`
                  : "(no such tool here)"}
              </span>
            )}
            <button
              type="button"
              aria-label={`Remove ${v}`}
              data-testid={`${testId}.remove.${v}`}
              className="text-sky-700 hover:text-sky-950 dark:text-sky-300"
              onClick={() => onChange(values.filter((x) => x !== v))}
            >
              ✕
            </button>
          </span>
        ))}
      </div>
      <input
        aria-label={label}
        data-testid={`${testId}.input`}
        list={listId}
        className={cn(inputClass, "mt-1 font-mono text-xs")}
        placeholder={placeholder}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === ",") {
            e.preventDefault()
            add(draft)
          }
        }}
        onBlur={() => draft && add(draft)}
      />
      <datalist id={listId}>
        {suggestions
          .filter((s) => !values.includes(s))
          .map((s) => (
            <option key={s} value={s} />
          ))}
      </datalist>
    </div>
  )
}

/** "default" / "assumed" / "documented" badges. */
export function Tag({
  kind,
  children,
}: {
  kind: "default" | "assumed" | "documented" | "observed"
  children?: ReactNode
}) {
  const styles = {
    default: "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300",
    assumed:
      "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
    documented:
      "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
    observed: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
  }
  return (
    <span
      className={cn(
        "rounded px-1.5 py-px text-[10px] font-medium uppercase",
        styles[kind]
      )}
    >
      {children ?? kind}
    </span>
  )
}
