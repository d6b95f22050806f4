"use client"

import { CountMark } from "@/components/tokens/count-mark"
import type { HiddenPart, TokenCategories } from "@/lib/context-editing"

import { approx } from "../store/use-simulation"

type Key = Exclude<keyof TokenCategories, "hidden">

const CATEGORIES: Array<{ key: Key; label: string; color: string }> = [
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

const HIDDEN_COLORS = ["bg-violet-600", "bg-violet-400", "bg-purple-700"]

/** One bar segment / legend line: a category, or one hidden part. */
interface Segment {
  id: string
  label: string
  color: string
  before: number
  after: number
  part?: HiddenPart
}

function segments(
  before: TokenCategories,
  after: TokenCategories,
  hidden: readonly HiddenPart[]
): Segment[] {
  const out: Segment[] = CATEGORIES.map((c) => ({
    id: c.key,
    label: c.label,
    color: c.color,
    before: before[c.key],
    after: after[c.key],
  }))
  // Hidden parts are never edited: the same before and after.
  hidden.forEach((p, i) =>
    out.splice(2 + i, 0, {
      id: `hidden:${p.feature}:${i}`,
      label: p.label,
      color: HIDDEN_COLORS[i % HIDDEN_COLORS.length]!,
      before: p.tokens,
      after: p.tokens,
      part: p,
    })
  )
  return out
}

function Bar({
  label,
  segs,
  side,
  scale,
  testId,
}: {
  label: string
  segs: Segment[]
  side: "before" | "after"
  scale: number
  testId: string
}) {
  const sum = segs.reduce((n, s) => n + s[side], 0)
  const shown = segs.filter((s) => s[side] > 0)
  return (
    <div className="flex items-center gap-2" data-testid={testId}>
      <span className="w-11 shrink-0 text-[11px] text-zinc-500">{label}</span>
      <div
        className="flex h-3.5 min-w-0 flex-1 overflow-hidden rounded-sm bg-zinc-100 dark:bg-zinc-800"
        role="img"
        aria-label={`${label}: ${approx(sum)} tokens — ${shown
          .map((s) => `${s.label} ${approx(s[side])}`)
          .join(", ")}`}
      >
        {shown.map((s) => (
          <div
            key={s.id}
            className={s.color}
            style={{ width: `${(s[side] / scale) * 100}%` }}
            title={`${s.label}: ${approx(s[side])}`}
          />
        ))}
      </div>
    </div>
  )
}

function LegendItem({ s }: { s: Segment }) {
  const guess = s.part?.basis === "guess"
  const scaled = s.part?.basis === "other_family"
  return (
    <span
      className="flex items-center gap-1"
      data-testid={s.part ? `tokens.hidden.${s.part.feature}` : undefined}
      title={s.part ? `${s.part.evidence}` : undefined}
    >
      <span
        className={`inline-block size-2 rounded-sm ${s.color}`}
        aria-hidden
      />
      {s.label} {approx(s.before)}
      {s.after !== s.before ? ` → ${approx(s.after)}` : ""}
      {guess ? (
        <span className="text-amber-700 dark:text-amber-300">
          {" "}
          (not measured: a guess)
        </span>
      ) : scaled ? (
        <span> (measured on the other tokenizer, scaled)</span>
      ) : null}
    </span>
  )
}

/** Stacked bars before/after by category, over the model's context window (like /context). */
export function CategoryBars({
  before,
  after,
  contextWindow,
  hidden = [],
}: {
  before: TokenCategories
  after: TokenCategories
  contextWindow: number | null
  hidden?: readonly HiddenPart[]
}) {
  const segs = segments(before, after, hidden)
  const total = (side: "before" | "after") =>
    segs.reduce((n, s) => n + s[side], 0)
  const scale = Math.max(contextWindow ?? 0, total("before"), 1)
  const used = segs.filter((s) => s.before > 0 || s.after > 0)
  return (
    <div className="space-y-1" data-testid="tokens.bars">
      <Bar
        label="before"
        segs={segs}
        side="before"
        scale={scale}
        testId="tokens.bar.before"
      />
      <Bar
        label="after"
        segs={segs}
        side="after"
        scale={scale}
        testId="tokens.bar.after"
      />
      <div className="flex flex-wrap gap-x-3 gap-y-0.5 pl-13 text-[10px] text-zinc-500">
        {used.map((s) => (
          <LegendItem key={s.id} s={s} />
        ))}
        {contextWindow ? (
          <span className="flex items-center gap-1">
            <span
              className="inline-block size-2 rounded-sm bg-zinc-100 ring-1 ring-zinc-300 dark:bg-zinc-800 dark:ring-zinc-600"
              aria-hidden
            />
            free of {contextWindow.toLocaleString("en-US")} window:{" "}
            {approx(Math.max(0, contextWindow - total("after")))}
          </span>
        ) : null}
        <CountMark testId="tokens.bars.mark" />
      </div>
    </div>
  )
}
