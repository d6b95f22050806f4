"use client"

import type { TokenCategories } from "@/lib/context-editing"

import { approx } from "../use-simulation"

const CATEGORIES: Array<{
  key: keyof TokenCategories
  label: string
  color: string
}> = [
  { key: "system", label: "System", color: "bg-slate-500" },
  { key: "tools", label: "Tools", color: "bg-indigo-500" },
  { key: "overhead", label: "Framing & tool prompt", color: "bg-zinc-400" },
  { key: "text", label: "Text", color: "bg-sky-500" },
  { key: "tool_inputs", label: "Tool inputs", color: "bg-teal-500" },
  { key: "tool_results", label: "Tool results", color: "bg-amber-500" },
  { key: "thinking", label: "Thinking", color: "bg-rose-500" },
  { key: "images", label: "Images & documents", color: "bg-fuchsia-500" },
  { key: "compaction", label: "Compaction summary", color: "bg-lime-600" },
]

function total(c: TokenCategories): number {
  return CATEGORIES.reduce((n, { key }) => n + c[key], 0)
}

function Bar({
  label,
  cats,
  scale,
  testId,
}: {
  label: string
  cats: TokenCategories
  scale: number
  testId: string
}) {
  const sum = total(cats)
  return (
    <div className="flex items-center gap-2" data-testid={testId}>
      <span className="w-11 shrink-0 text-[11px] text-zinc-500">{label}</span>
      <div
        className="flex h-3.5 min-w-0 flex-1 overflow-hidden rounded-sm bg-zinc-100 dark:bg-zinc-800"
        role="img"
        aria-label={`${label}: ${approx(sum)} tokens — ${CATEGORIES.filter(
          (c) => cats[c.key] > 0
        )
          .map((c) => `${c.label} ${approx(cats[c.key])}`)
          .join(", ")}`}
      >
        {CATEGORIES.map(({ key, color, label: l }) =>
          cats[key] > 0 ? (
            <div
              key={key}
              className={color}
              style={{ width: `${(cats[key] / scale) * 100}%` }}
              title={`${l}: ${approx(cats[key])}`}
            />
          ) : null
        )}
      </div>
    </div>
  )
}

/** Stacked bars before/after by category, over the model's context window (like /context). */
export function CategoryBars({
  before,
  after,
  contextWindow,
}: {
  before: TokenCategories
  after: TokenCategories
  contextWindow: number | null
}) {
  const scale = Math.max(contextWindow ?? 0, total(before), 1)
  const used = CATEGORIES.filter(({ key }) => before[key] > 0 || after[key] > 0)
  return (
    <div className="space-y-1" data-testid="tokens.bars">
      <Bar
        label="before"
        cats={before}
        scale={scale}
        testId="tokens.bar.before"
      />
      <Bar label="after" cats={after} scale={scale} testId="tokens.bar.after" />
      <div className="flex flex-wrap gap-x-3 gap-y-0.5 pl-13 text-[10px] text-zinc-500">
        {used.map(({ key, label, color }) => (
          <span key={key} className="flex items-center gap-1">
            <span
              className={`inline-block size-2 rounded-sm ${color}`}
              aria-hidden
            />
            {label} {approx(before[key])}
            {after[key] !== before[key] ? ` → ${approx(after[key])}` : ""}
          </span>
        ))}
        {contextWindow ? (
          <span className="flex items-center gap-1">
            <span
              className="inline-block size-2 rounded-sm bg-zinc-100 ring-1 ring-zinc-300 dark:bg-zinc-800 dark:ring-zinc-600"
              aria-hidden
            />
            free of {contextWindow.toLocaleString("en-US")} window:{" "}
            {approx(Math.max(0, contextWindow - total(after)))}
          </span>
        ) : null}
      </div>
    </div>
  )
}
