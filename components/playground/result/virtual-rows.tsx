"use client"

import { type ReactNode, useState } from "react"

/**
 * A table body that renders only the rows in view (plus a few either side),
 * so a 2,000-request session scrolls as lightly as a 20-request one. Rows
 * have a fixed height; spacer rows keep the scrollbar true to the whole list.
 */
export function VirtualTable({
  count,
  rowHeight,
  maxHeight,
  head,
  row,
  testId,
  caption,
}: {
  count: number
  rowHeight: number
  maxHeight: number
  head: ReactNode
  row: (i: number) => ReactNode
  testId?: string
  caption: string
}) {
  const [top, setTop] = useState(0)
  const overscan = 10
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan)
  const last = Math.min(
    count,
    Math.ceil((top + maxHeight) / rowHeight) + overscan
  )
  const rows: ReactNode[] = []
  for (let i = first; i < last; i++) rows.push(row(i))
  return (
    <div
      className="overflow-auto"
      style={{ maxHeight }}
      onScroll={(e) => setTop(e.currentTarget.scrollTop)}
      data-testid={testId ? `${testId}.scroll` : undefined}
    >
      <table
        className="w-full text-xs [&_td]:align-top [&_td]:whitespace-nowrap [&_th]:align-bottom"
        data-testid={testId}
        aria-rowcount={count + 1}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-white text-left text-zinc-500 dark:bg-zinc-950">
          {head}
        </thead>
        <tbody>
          {first > 0 && (
            <tr aria-hidden style={{ height: first * rowHeight }} />
          )}
          {rows}
          {last < count && (
            <tr aria-hidden style={{ height: (count - last) * rowHeight }} />
          )}
        </tbody>
      </table>
    </div>
  )
}
