"use client"

import type { ReactNode } from "react"

/** One column of numbers in a frontier table: its heading and its cell. */
export interface FrontierColumn<E> {
  head: ReactNode
  cell: (entry: E, index: number) => ReactNode
}

/**
 * A tuner's frontier as a list: the columns given, then each config's
 * label and its Apply button (the Tune tab, and Tune across sessions).
 */
export function FrontierTable<E extends { label: string }>({
  rows,
  columns,
  onApply,
  onHover,
  id,
  caption,
}: {
  rows: E[]
  columns: FrontierColumn<E>[]
  onApply?: (e: E) => void
  onHover?: (i: number) => void
  id: string
  caption?: string
}) {
  return (
    <table className="w-full text-xs" data-testid={`${id}.table`}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className="text-left text-zinc-500">
        <tr>
          {columns.map((c, i) => (
            <th key={i} className="pr-2 font-medium">
              {c.head}
            </th>
          ))}
          <th className="pr-2 font-medium">config</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((e, i) => (
          <tr
            key={i}
            className="border-t border-zinc-100 tabular-nums dark:border-zinc-800"
            onMouseEnter={onHover && (() => onHover(i))}
            data-testid={`${id}.row.${i}`}
          >
            {columns.map((c, k) => (
              <td key={k} className="pr-2">
                {c.cell(e, i)}
              </td>
            ))}
            <td className="pr-2">{e.label}</td>
            <td>
              {onApply && (
                <button
                  type="button"
                  className="rounded bg-sky-600 px-2 py-0.5 text-white"
                  onClick={() => onApply(e)}
                  data-testid={`${id}.apply.${i}`}
                >
                  Apply
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The request with these edits as its context_management's edits (Apply). */
export const withEdits =
  (edits: unknown[]) =>
  (r: Record<string, unknown>): Record<string, unknown> => ({
    ...r,
    context_management: {
      ...((r.context_management as object | undefined) ?? {}),
      edits,
    },
  })
