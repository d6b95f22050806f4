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
      // relative: the visually hidden caption (position: absolute) stays
      // inside this scroll box instead of lengthening the page.
      className="relative overflow-auto"
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

/** The header row of a per-request table: "#", then `columns`. */
export function RequestTableHead({ columns }: { columns: string[] }) {
  return (
    <tr>
      <th className="py-1 pr-2 font-medium">#</th>
      {columns.map((column, i) => (
        <th
          key={column}
          className={
            i < columns.length - 1 ? "pr-2 font-medium" : "font-medium"
          }
        >
          {column}
        </th>
      ))}
    </tr>
  )
}

/**
 * One request of a per-request table, at the table's fixed row height: its
 * number first (the messages it sends as a tooltip), then `children`. Test id:
 * `<table>.row.<request>`.
 */
export function RequestRow({
  table,
  height,
  point: { request, lastMessage },
  children,
}: {
  table: string
  height: number
  point: { request: number; lastMessage: number }
  children: ReactNode
}) {
  return (
    <tr
      data-testid={`${table}.row.${request}`}
      className="border-t border-zinc-100 tabular-nums dark:border-zinc-800"
      style={{ height }}
    >
      <td className="pr-2" title={`Messages 0–${lastMessage}`}>
        {request}
      </td>
      {children}
    </tr>
  )
}
