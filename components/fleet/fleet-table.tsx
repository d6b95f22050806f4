"use client"

import { type ReactNode, useMemo, useState } from "react"

import { VirtualTable } from "@/components/playground/result/virtual-rows"

/** One column: its label, the value it sorts by, and how a cell shows. */
export interface Column<T> {
  key: string
  label: string
  value: (row: T) => number | string
  cell?: (row: T) => ReactNode
  /** Sorts largest first on the first click (numbers do). */
  numeric?: boolean
  /** A column of actions: its heading is for screen readers, not a sort. */
  action?: boolean
  title?: string
}

const ROW = 26

/**
 * A sortable table of many rows (click a heading; again to reverse), only
 * the rows in view rendered. Test ids: `<testId>.sort.<key>`,
 * `<testId>.row.<i>` in the order shown.
 */
export function FleetTable<T>({
  rows,
  columns,
  initial,
  testId,
  caption,
  maxHeight = 420,
}: {
  rows: readonly T[]
  columns: Column<T>[]
  initial: { key: string; desc: boolean }
  testId: string
  caption: string
  maxHeight?: number
}) {
  const [sort, setSort] = useState(initial)
  const sorted = useMemo(() => {
    const col = columns.find((c) => c.key === sort.key) ?? columns[0]!
    const out = [...rows]
    out.sort((a, b) => {
      const x = col.value(a)
      const y = col.value(b)
      const d =
        typeof x === "number" && typeof y === "number"
          ? x - y
          : String(x).localeCompare(String(y))
      return sort.desc ? -d : d
    })
    return out
  }, [rows, columns, sort])
  const head = (
    <tr>
      {columns.map((c) =>
        c.action ? (
          <th key={c.key} className="py-1 pr-3 font-medium">
            <span className="sr-only">{c.label}</span>
          </th>
        ) : (
          <th
            key={c.key}
            className="py-1 pr-3 font-medium"
            aria-sort={
              sort.key === c.key
                ? sort.desc
                  ? "descending"
                  : "ascending"
                : "none"
            }
            title={c.title}
          >
            <button
              type="button"
              className="hover:underline"
              data-testid={`${testId}.sort.${c.key}`}
              onClick={() =>
                setSort((s) =>
                  s.key === c.key
                    ? { key: c.key, desc: !s.desc }
                    : { key: c.key, desc: c.numeric === true }
                )
              }
            >
              {c.label}
              {sort.key === c.key ? (sort.desc ? " ↓" : " ↑") : ""}
            </button>
          </th>
        )
      )}
    </tr>
  )
  return (
    <VirtualTable
      count={sorted.length}
      rowHeight={ROW}
      maxHeight={maxHeight}
      testId={testId}
      caption={caption}
      head={head}
      row={(i) => {
        const r = sorted[i]!
        return (
          <tr
            key={i}
            className="border-t border-zinc-100 tabular-nums dark:border-zinc-800"
            style={{ height: ROW }}
            data-testid={`${testId}.row.${i}`}
          >
            {columns.map((c) => (
              <td key={c.key} className="pr-3">
                {c.cell ? c.cell(r) : c.value(r)}
              </td>
            ))}
          </tr>
        )
      }}
    />
  )
}
