"use client"

import { formatDollars as dollars } from "@/lib/context-editing"
import type { RealComparison } from "@/lib/real-usage/compare"
import type { ThreeNumbers } from "@/lib/real-usage/headline"
import { causeText } from "@/lib/real-usage/misses"
import { coversText } from "@/lib/real-usage/covers"

import { approx } from "../store/use-simulation"

const pct = (x: number) =>
  `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} %`

/** The headline and the three numbers of an imported log, on the same calls. */
export function RealHeadline({
  c,
  three,
  whole = false,
}: {
  c: RealComparison
  three: ThreeNumbers
  /** The log holds the whole prompt (a request log, a trace with its system prompt). */
  whole?: boolean
}) {
  const calls = c.rows.length
  const off = c.unmodelled.length
  return (
    <>
      <p data-testid="real.headline">
        <strong>
          With this config this session would have cost{" "}
          <span data-testid="real.bill">{dollars(three.corrected)}</span>{" "}
          instead of {dollars(three.logged)}, peaking at {approx(c.configPeak)}{" "}
          tokens
        </strong>{" "}
        (as run, the log&rsquo;s largest request was{" "}
        {c.realPeak.toLocaleString("en-US")} tokens)
        {three.refetch > 0 && (
          <>
            , if the agent otherwise took the same steps: the re-fetches this
            config forces are in it
          </>
        )}
        .
      </p>
      <p
        className="text-xs text-zinc-600 dark:text-zinc-400"
        data-testid="real.covers"
      >
        Every number here covers {coversText(c)}, input side.
      </p>
      <dl
        className="grid grid-cols-3 gap-2 text-xs"
        data-testid="real.three"
        aria-label="Three numbers on the same calls"
      >
        <div data-testid="real.logged-total">
          <dt className="text-zinc-500">As logged (the bill)</dt>
          <dd className="font-medium">{dollars(three.logged)}</dd>
        </div>
        <div data-testid="real.replayed-total">
          <dt className="text-zinc-500">
            As replayed (the log&rsquo;s config)
          </dt>
          <dd className="font-medium">
            {dollars(three.replayed)}{" "}
            <span className="text-zinc-500" data-testid="real.replay-error">
              ({pct(three.replayError)} against the bill)
            </span>
          </dd>
        </div>
        <div data-testid="real.whatif-total">
          <dt className="text-zinc-500">With this config</dt>
          <dd className="font-medium">
            {dollars(three.corrected)}
            {three.sameConfig ? " (the log's config)" : ""}{" "}
            <span className="text-zinc-500" data-testid="real.whatif-replay">
              (replayed {dollars(three.whatIf)}
              {three.refetch > 0 &&
                `, re-fetches ${dollars(three.refetch)} of it`}
              , scaled by the replay&rsquo;s error)
            </span>
          </dd>
        </div>
      </dl>
      <p
        className="text-xs text-zinc-600 dark:text-zinc-400"
        data-testid="real.hidden"
      >
        {calls.toLocaleString("en-US")} API calls of the log (every conversation
        of the file), each at its own model&rsquo;s prices with 5-minute and
        1-hour cache writes apart. The what-if is scaled by the replay&rsquo;s
        error (with this config × as logged ÷ as replayed), so the log&rsquo;s
        own config gives the bill itself. Output (
        {c.outputTokens.toLocaleString("en-US")} tokens) is held as logged in
        all three and not priced.{" "}
        {whole
          ? "The log holds the prompt as sent (system prompt included); the replay corrects the prediction by "
          : "The log does not contain the system prompt and tool definitions Claude Code sent: "}
        <strong>
          {whole ? "" : "estimated at "}
          {approx(c.hidden)} tokens per request
        </strong>
        , the typical (median) difference between the real input and the
        prediction of the same request, read or written with the rest.
        {off > 0 &&
          ` ${off.toLocaleString("en-US")} call${off === 1 ? " is" : "s are"} not replayed and counted as logged (${c.unmodelled[0]!.reason}).`}
      </p>
    </>
  )
}

/** Where the log missed the cache, why, and what it cost. */
export function RealMisses({ c }: { c: RealComparison }) {
  const missed = c.rows
    .map((r, i) => ({ r, n: i + 1 }))
    .filter(({ r }) => r.miss)
    .sort((a, b) => b.r.miss!.dollars - a.r.miss!.dollars)
  if (missed.length === 0)
    return (
      <p className="text-xs" data-testid="real.misses">
        The log shows no cache miss beyond what each request added.
      </p>
    )
  return (
    <div className="text-xs" data-testid="real.misses">
      <p>
        <strong>
          {missed.length.toLocaleString("en-US")} cache miss
          {missed.length === 1 ? "" : "es"} cost {dollars(c.misses.dollars)}
        </strong>{" "}
        (tokens written again that an earlier call had cached, at the write
        price instead of the read price):
      </p>
      <ul className="list-disc pl-5">
        {missed.slice(0, 5).map(({ r, n }) => (
          <li key={n} data-testid="real.miss">
            call {n} ({r.thread === "main" ? "main" : "subagent"}):{" "}
            {r.miss!.tokens.toLocaleString("en-US")} tokens,{" "}
            {dollars(r.miss!.dollars)} — {causeText(r.miss!.cause)}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The calls the log shows happened but holds no usage for (compaction summaries). */
export function RealUnseen({ c }: { c: RealComparison }) {
  const u = c.unseen
  if (u.calls === 0) return null
  return (
    <p
      className="text-xs text-amber-800 dark:text-amber-300"
      data-testid="real.unseen"
    >
      Not in the bill above: the log shows {u.calls} compaction
      {u.calls === 1 ? "" : "s"} but not the usage of{" "}
      {u.calls === 1 ? "its summarising call" : "their summarising calls"}{" "}
      (Claude Code runs {u.calls === 1 ? "it" : "them"} apart). Priced from the
      context before each ({approx(u.tokens)} tokens read from the cache): about{" "}
      {dollars(u.dollars)} more.
    </p>
  )
}
