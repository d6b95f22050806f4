"use client"

import { memo, useEffect, useRef, useState } from "react"

import { type BlockOutcome, isBreakpoint } from "@/lib/context-editing"

import { cn } from "@/components/ui/cn"

import { approx } from "../store/use-simulation"
import { blockAt, previewBlock } from "./block-preview"
import { isChanged, STATUS } from "./status"

/** One block: type, preview, tokens before → after, status chip, reason. */
export const BlockRow = memo(function BlockRow({
  outcome: b,
  original,
  selected,
  onSelect,
}: {
  outcome: BlockOutcome
  original: unknown
  selected: boolean
  onSelect: (ref: { messageIndex: number; blockIndex: number }) => void
}) {
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLLIElement>(null)
  const status = STATUS[b.status]
  const changed = isChanged(b.status)
  const block = blockAt(original, b.messageIndex, b.blockIndex)
  const preview = previewBlock(block)
  const breakpoint = isBreakpoint(block)
  const showReason = open || b.status !== "kept"

  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: "nearest" })
  }, [selected])

  return (
    <li
      ref={ref}
      data-testid={`diff.block.${b.messageIndex}.${b.blockIndex}`}
      data-status={b.status}
      data-selected={selected || undefined}
      // The whole row selects the block in the JSON (the button inside is
      // the keyboard's way to do the same, and it also opens the reason).
      onClick={() =>
        onSelect({ messageIndex: b.messageIndex, blockIndex: b.blockIndex })
      }
      className={cn(
        "cursor-pointer rounded-md border text-xs",
        selected
          ? "border-brand ring-1 ring-brand/40"
          : "border-transparent hover:border-zinc-200 dark:hover:border-zinc-800"
      )}
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-baseline gap-2 px-2 py-1 text-left"
      >
        <span className="w-28 shrink-0 truncate font-mono text-[11px] text-zinc-500">
          {b.type}
          {b.toolName ? ` · ${b.toolName}` : ""}
        </span>
        <span
          className={cn(
            "min-w-0 flex-1 truncate",
            changed && "text-zinc-600 line-through dark:text-zinc-400"
          )}
        >
          {preview || <em className="text-zinc-400">(empty)</em>}
        </span>
        {breakpoint && (
          <span
            data-testid="diff.block.cache"
            title="cache_control breakpoint: the prompt up to and including this block is cached"
            className="shrink-0 rounded bg-sky-100 px-1 py-px text-[10px] text-sky-800 dark:bg-sky-950 dark:text-sky-300"
          >
            cache
          </span>
        )}
        <span
          className="shrink-0 font-mono text-[11px] text-zinc-500 tabular-nums"
          title="Estimated tokens before → after"
        >
          {b.tokensBefore === b.tokensAfter
            ? approx(b.tokensBefore)
            : `${approx(b.tokensBefore)} → ${approx(b.tokensAfter)}`}
        </span>
        <span
          data-testid="diff.block.status"
          className={cn(
            "shrink-0 rounded px-1.5 py-px text-[10px] font-semibold whitespace-nowrap uppercase",
            status.chip
          )}
        >
          <span aria-hidden>{status.icon} </span>
          {status.label}
        </span>
      </button>
      {b.placeholder !== undefined && b.status === "cleared" && (
        <div
          className="px-2 pb-0.5 pl-32 font-mono text-[11px] text-amber-800 dark:text-amber-300"
          data-testid="diff.block.placeholder"
        >
          → {JSON.stringify(b.placeholder)}
        </div>
      )}
      {showReason && (
        <p
          className="px-2 pb-1 pl-32 text-[11px] leading-4 text-zinc-600 dark:text-zinc-400"
          data-testid="diff.block.reason"
        >
          {b.reason}
        </p>
      )}
    </li>
  )
})
