"use client"

import { appliedText } from "@/lib/context-editing"
import {
  compareAppliedEdits,
  formatTokens,
  type EditCounts,
} from "@/lib/anthropic/compare"

import { AgreementBadge } from "./badge"

function describe(edit: EditCounts | null, server: boolean) {
  if (!edit) return "not applied"
  const count = appliedText(edit)
  const tokens = server
    ? `${formatTokens(edit.cleared_input_tokens)} tokens server`
    : `≈ ${formatTokens(edit.cleared_input_tokens)} tokens`
  return `${count}, ${tokens}`
}

/** Predicted vs server `applied_edits`, side by side. */
export function EditsComparison(props: {
  predicted: readonly EditCounts[] | null
  server: readonly EditCounts[]
}) {
  const comparison = props.predicted
    ? compareAppliedEdits(props.predicted, props.server)
    : null
  const rows =
    comparison?.rows ??
    props.server.map((s) => ({
      type: s.type,
      predicted: null,
      server: s,
      agrees: false,
    }))

  return (
    <div data-testid="server.applied-edits" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-medium">Applied edits</h3>
        {comparison && (
          <AgreementBadge
            testId="server.edits-badge"
            agrees={comparison.agrees}
          >
            {comparison.agrees ? "agrees" : "differs"}
          </AgreementBadge>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-500">
          No edits applied, by the server or the prediction.
        </p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-xs text-zinc-500">
              <th className="pr-3 text-left font-normal">Edit</th>
              <th className="pr-3 text-left font-normal">Predicted</th>
              <th className="pr-3 text-left font-normal">Server</th>
              <th className="text-left font-normal">
                <span className="sr-only">Agreement</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr
                key={`${row.type}-${i}`}
                className="border-t border-zinc-200 dark:border-zinc-800"
              >
                <th
                  scope="row"
                  className="py-1 pr-3 text-left font-mono text-xs font-normal"
                >
                  {row.type}
                </th>
                <td className="py-1 pr-3">
                  {props.predicted ? describe(row.predicted, false) : "—"}
                </td>
                <td className="py-1 pr-3">{describe(row.server, true)}</td>
                <td className="py-1 text-xs">
                  {comparison ? (row.agrees ? "✓" : "≠") : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="text-xs text-zinc-500">
        Counts must match exactly; cleared tokens may differ by up to 15 %.
      </p>
    </div>
  )
}
