"use client"

import { CalibrationNote } from "@/components/tokens/calibration-note"
import { CountMark } from "@/components/tokens/count-mark"
import type { SimulateSuccess } from "@/lib/context-editing"

import { approx } from "../store/use-simulation"

/** "≈X → ≈Y input tokens" with what the edits save (or add). */
export function TokenNumbers({ sim }: { sim: SimulateSuccess }) {
  const saved = sim.original_input_tokens - sim.input_tokens
  return (
    <>
      <span
        className="text-lg font-semibold tabular-nums"
        data-testid="tokens.before"
      >
        {approx(sim.original_input_tokens)}
      </span>
      <span className="text-zinc-400">→</span>
      <span
        className="text-lg font-semibold tabular-nums"
        data-testid="tokens.after"
      >
        {approx(sim.input_tokens)}
      </span>
      <span className="text-sm text-zinc-500">input tokens</span>
      {saved > 0 && (
        <span
          className="rounded bg-emerald-100 px-1.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100"
          data-testid="tokens.saved"
        >
          −{approx(saved).slice(1)} saved
        </span>
      )}
      {saved < 0 && (
        <span
          className="rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-950 dark:bg-amber-900/50 dark:text-amber-100"
          data-testid="tokens.added"
          title="The placeholders are longer than the small results they replace; a clear_at_least gate would skip such a clear."
        >
          +{approx(-saved).slice(1)} added by clearing
        </span>
      )}
    </>
  )
}

/**
 * Compaction never shows in the numbers above (count_tokens does not compact,
 * and applied_edits has no compaction entry), so say when it fires.
 */
function CompactionLine({ sim }: { sim: SimulateSuccess }) {
  const c = sim.compaction
  if (!c?.fires) return null
  return (
    <p
      data-testid="result.compaction"
      className="rounded border border-violet-200 bg-violet-50 px-2 py-1 text-xs text-violet-950 dark:border-violet-900 dark:bg-violet-950/50 dark:text-violet-100"
    >
      <strong>Compaction fires</strong>
      {c.onDemand
        ? " (asked for on demand)"
        : ` (${approx(c.tokensAtCheck)} ≥ trigger ${c.trigger.toLocaleString("en-US")})`}
      : the server first summarises the conversation, and the reply starts with
      a <code>compaction</code> block
      {c.predictedStopReason === "compaction"
        ? ` and stops there (stop_reason "compaction")`
        : ", then continues on the summary"}
      . The numbers above are this prompt as sent: <code>count_tokens</code>{" "}
      never compacts, and <code>applied_edits</code> has no compaction entry.
      The next request, with that block sent back, starts from the summary.
    </p>
  )
}

/** Before → after estimate and the API-shaped numbers the server would return. */
export function TokenSummary({
  sim,
  stale,
}: {
  sim: SimulateSuccess
  stale: boolean
}) {
  const countTokens = {
    input_tokens: sim.input_tokens,
    context_management:
      sim.context_management === null
        ? null
        : { original_input_tokens: sim.original_input_tokens },
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <TokenNumbers sim={sim} />
        {stale && (
          <span
            className="rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950"
            data-testid="result.stale"
          >
            stale: last valid request
          </span>
        )}
        <span className="ml-auto flex items-baseline gap-1 text-[11px] text-zinc-500">
          ≈ local <CountMark />
        </span>
      </div>
      <CalibrationNote sim={sim} />
      <CompactionLine sim={sim} />
      <div className="grid gap-2 md:grid-cols-2">
        <figure>
          <figcaption className="text-[11px] text-zinc-500">
            <code>context_management</code> in the response (messages)
          </figcaption>
          <pre
            data-testid="result.applied-edits"
            tabIndex={0}
            className="mt-0.5 overflow-x-auto rounded bg-zinc-50 p-2 font-mono text-[11px] leading-4 dark:bg-zinc-900"
          >
            {JSON.stringify(sim.context_management, null, 2)}
          </pre>
        </figure>
        <figure>
          <figcaption className="text-[11px] text-zinc-500">
            <code>count_tokens</code> response (estimate)
          </figcaption>
          <pre
            data-testid="result.count-tokens"
            tabIndex={0}
            className="mt-0.5 max-h-40 overflow-auto rounded bg-zinc-50 p-2 font-mono text-[11px] leading-4 dark:bg-zinc-900"
          >
            {JSON.stringify(countTokens, null, 2)}
          </pre>
        </figure>
      </div>
    </div>
  )
}
