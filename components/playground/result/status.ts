import type { BlockStatus } from "@/lib/context-editing"

/** Word, icon and colour for each block status (never colour alone). */
export const STATUS: Record<
  BlockStatus,
  { label: string; icon: string; chip: string }
> = {
  kept: {
    label: "kept",
    icon: "•",
    chip: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  },
  kept_recent: {
    label: "kept by keep",
    icon: "✓",
    chip: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  },
  excluded: {
    label: "excluded",
    icon: "⊘",
    chip: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
  },
  cleared: {
    label: "cleared",
    icon: "✂",
    chip: "bg-amber-200 text-amber-950 dark:bg-amber-800/70 dark:text-amber-50",
  },
  input_cleared: {
    label: "input cleared",
    icon: "◌",
    chip: "border border-amber-500 text-amber-900 dark:text-amber-200",
  },
  removed: {
    label: "thinking removed",
    icon: "✕",
    chip: "bg-rose-100 text-rose-900 dark:bg-rose-900/50 dark:text-rose-100",
  },
  ignored: {
    // Before a replayed compaction block, or a hidden system message: the
    // reason line says which.
    label: "ignored by the server",
    icon: "⤓",
    chip: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  },
  not_applied: {
    label: "would clear — edit skipped",
    icon: "○",
    chip: "border border-dashed border-zinc-400 text-zinc-600 dark:text-zinc-400",
  },
}

/** Statuses that change what the model sees. */
export function isChanged(status: BlockStatus): boolean {
  return (
    status === "cleared" ||
    status === "input_cleared" ||
    status === "removed" ||
    status === "ignored"
  )
}
