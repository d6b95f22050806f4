"use client"

import {
  compareCount,
  describeComparison,
  formatTokens,
  type CountComparison,
} from "@/lib/anthropic/compare"
import type { CountTokensResult } from "@/lib/anthropic/schemas"

import { AgreementBadge } from "./badge"

/** The local estimates the server's counts are compared with. */
export interface CountEstimates {
  original_input_tokens: number
  input_tokens: number
}

function Row(props: {
  label: string
  server: number
  c: CountComparison | null
}) {
  return (
    <tr className="border-t border-zinc-200 dark:border-zinc-800">
      <th scope="row" className="py-1 pr-3 text-left font-normal">
        {props.label}
      </th>
      <td className="py-1 pr-3 text-right tabular-nums">
        {props.c ? `≈ ${formatTokens(props.c.estimate)}` : "—"}
      </td>
      <td className="py-1 pr-3 text-right tabular-nums">
        {formatTokens(props.server)}{" "}
        <span className="text-xs text-zinc-500">server</span>
      </td>
      <td className="py-1 text-right text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
        {props.c
          ? `${props.c.difference > 0 ? "+" : ""}${formatTokens(props.c.difference)}`
          : ""}
      </td>
    </tr>
  )
}

/** Server counts next to the local estimates, with an agreement badge. */
export function CountResult(props: {
  result: CountTokensResult
  estimates: CountEstimates | null
  stale: boolean
}) {
  const { result, estimates } = props
  const original = estimates
    ? compareCount(
        estimates.original_input_tokens,
        result.original_input_tokens
      )
    : null
  const edited = estimates
    ? compareCount(estimates.input_tokens, result.input_tokens)
    : null
  // The badge speaks for the worse of the two rows.
  const worst =
    original && edited
      ? original.relative >= edited.relative
        ? original
        : edited
      : null

  return (
    <div data-testid="server.count-result" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-medium">Token count ({result.model})</h3>
        {worst && (
          <AgreementBadge
            testId="server.count-badge"
            agrees={Boolean(original?.agrees && edited?.agrees)}
          >
            {original?.agrees && edited?.agrees
              ? "agrees"
              : describeComparison(worst)}
          </AgreementBadge>
        )}
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-xs text-zinc-500">
            <th className="pr-3 text-left font-normal">Input tokens</th>
            <th className="pr-3 text-right font-normal">Local estimate</th>
            <th className="pr-3 text-right font-normal">Server</th>
            <th className="text-right font-normal">Difference</th>
          </tr>
        </thead>
        <tbody>
          <Row
            label="Before edits (original_input_tokens)"
            server={result.original_input_tokens}
            c={original}
          />
          <Row
            label="After edits (input_tokens)"
            server={result.input_tokens}
            c={edited}
          />
        </tbody>
      </table>
      <ul className="space-y-0.5 text-xs text-zinc-500">
        {!estimates && <li>No local estimate to compare with right now.</li>}
        {!result.reported_original && (
          <li>
            The server reported no context_management, so both rows show the
            same count.
          </li>
        )}
        {result.dropped_fields.length > 0 && (
          <li>
            Not sent to count_tokens (it rejects them):{" "}
            {result.dropped_fields.join(", ")}.
          </li>
        )}
        {result.retries > 0 && (
          <li>Anthropic was busy; retried {result.retries}×.</li>
        )}
        {props.stale && (
          <li className="text-amber-700 dark:text-amber-300">
            The request changed since this count; count again to refresh.
          </li>
        )}
      </ul>
    </div>
  )
}
