"use client"

import { useDeferredValue, useMemo } from "react"

import {
  appliedText as entryText,
  CACHE_READ,
  cacheSetup,
  sessionCaching,
  type Timeline,
  timeline,
  type TimelinePoint,
  writePrice,
  formatDollars as dollars,
} from "@/lib/context-editing"
import { callCounts } from "@/lib/real-usage/calls"
import { causeText, predictedMisses } from "@/lib/real-usage/misses"
import { originRealUsage } from "@/lib/state/origin"

import { cn } from "@/components/ui/cn"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { approx, approxShort } from "../store/use-simulation"
import { BlockLink } from "./block-link"
import { CacheSetupLine } from "./cache-setup-line"
import { RealUsageView } from "./real-usage-view"
import { SessionChart } from "./session-chart"
import { useSimOptions } from "./use-sim-options"
import { RequestRow, RequestTableHead, VirtualTable } from "./virtual-rows"

type Ok = Extract<TimelinePoint, { ok: true }>

function appliedText(p: Ok): string {
  const parts = p.applied.map(entryText)
  if (p.compacted) parts.push("compacts")
  return parts.length === 0 ? "—" : parts.join(" + ")
}

const list = (ns: number[]): string =>
  ns.length === 1
    ? String(ns[0])
    : `${ns.slice(0, -1).join(", ")} and ${ns.at(-1)}`

const ROW = 26
const COLUMNS = [
  "input tokens (saved)",
  "cleared",
  "cache break",
  "cache write",
  "cost without → with",
  "$ without → with",
]

/** One request of the table (a fixed height, for the virtual list). */
function Row({ p }: { p: Ok }) {
  return (
    <RequestRow table="timeline" height={ROW} point={p}>
      <td
        className="pr-2"
        title={`${approx(p.originalTokens)} → ${approx(p.inputTokens)}`}
      >
        {approxShort(p.inputTokens)}
        {p.inputTokens < p.originalTokens && (
          <span className="text-emerald-700 dark:text-emerald-400">
            {" "}
            (−{approxShort(p.originalTokens - p.inputTokens).slice(1)})
          </span>
        )}
      </td>
      <td className="max-w-48 truncate pr-2" title={appliedText(p)}>
        {appliedText(p)}
      </td>
      <td className="pr-2" data-testid="timeline.break">
        {p.breakAt ? (
          <BlockLink
            at={p.breakAt}
            label={
              p.breakAt.why === "restart"
                ? `restart from the summary (message ${p.breakAt.messageIndex})`
                : p.breakAt.summary
                  ? `summary (message ${p.breakAt.messageIndex})`
                  : undefined
            }
          />
        ) : (
          "—"
        )}
      </td>
      <td
        className="pr-2"
        title={`${approx(p.withEdits.read)} read from the cache`}
      >
        {approxShort(p.withEdits.written)}
      </td>
      <td
        className={cn(
          "pr-2",
          p.withEdits.cost > p.withoutEdits.cost + 0.5 &&
            "text-amber-700 dark:text-amber-400"
        )}
      >
        {approxShort(p.withoutEdits.cost)} → {approxShort(p.withEdits.cost)}
      </td>
      <td>
        {dollars(p.withoutEdits.dollars)} → {dollars(p.withEdits.dollars)}
      </td>
    </RequestRow>
  )
}

const modelOf = (request: unknown): string =>
  typeof (request as { model?: unknown })?.model === "string"
    ? (request as { model: string }).model
    : ""

/**
 * For a built session (no log behind it): where the engine predicts the
 * cache misses and what they cost (an imported log shows its own, beside
 * the replay, in the real-usage view).
 */
function PredictedMissesLine({ t, model }: { t: Timeline; model: string }) {
  const logged = usePlaygroundStore((s) => originRealUsage(s.origin))
  const misses = useMemo(
    () => (logged ? [] : predictedMisses(t.points, model, t.caching)),
    [logged, t, model]
  )
  if (misses.length === 0) return null
  const cost = misses.reduce((s, m) => s + m.dollars, 0)
  return (
    <p className="text-xs" data-testid="timeline.misses">
      Predicted cache misses: {misses.length}
      {cost > 0 ? `, costing ${dollars(cost)}` : ""} —{" "}
      {misses
        .slice(0, 4)
        .map((m) => `request ${m.request}: ${causeText(m.cause)}`)
        .join("; ")}
      {misses.length > 4 ? `; and ${misses.length - 4} more` : ""}.
    </p>
  )
}

/**
 * Beside the conversation's requests, the API calls its log records, and
 * why the two counts differ (docs/semantics.md#session-replay).
 */
function LoggedCalls({ t }: { t: Timeline }) {
  const usage = usePlaygroundStore((s) => originRealUsage(s.origin))
  if (!usage) return null
  const c = callCounts(t, usage)
  return (
    <span data-testid="timeline.calls">
      {" "}
      The log records {c.calls.toLocaleString("en-US")} API calls in all:{" "}
      {c.main.toLocaleString("en-US")} answer requests of this conversation
      {c.unanswered > 0 &&
        ` (${c.unanswered.toLocaleString("en-US")} of its requests have no call of their own in the log: turns interrupted or never sent alone)`}
      {c.repeats > 0 &&
        `, ${c.repeats.toLocaleString("en-US")} repeat a request`}
      {c.other > 0 &&
        `; ${c.other.toLocaleString("en-US")} belong to subagents and side calls`}
      .
    </span>
  )
}

/**
 * The session request by request (docs/semantics.md#prompt-cache): every user message sends the
 * conversation again and the server edits it afresh, so the cache breaks
 * wherever an edit's result differs from the request before.
 */
export function TimelineView({ request }: { request: unknown }) {
  const options = useSimOptions()
  // Every request of the session is simulated: typing stays responsive
  // while the table catches up with the last keystroke.
  const latest = useDeferredValue(request)
  const setup = useMemo(() => cacheSetup(latest), [latest])
  const t = useMemo(() => {
    const body = Array.isArray(latest)
      ? { messages: latest }
      : (latest as Record<string, unknown>)
    return timeline(body, options, {
      caching: sessionCaching(setup),
      writePrice: writePrice(setup),
    })
  }, [latest, options, setup])
  const points = t.points.filter((p): p is Ok => p.ok)
  const failed = t.points.filter((p) => !p.ok)
  const diff = t.equivalents.withEdits - t.equivalents.withoutEdits
  const logged = usePlaygroundStore((s) => originRealUsage(s.origin) !== null)
  return (
    <div className="space-y-3 text-sm" data-testid="timeline.view">
      <p className="text-zinc-700 dark:text-zinc-300">
        An agent sends the whole conversation again after every user message (a
        question or tool results), and the server edits each request afresh.
        This conversation is {t.requests} request
        {t.requests === 1 ? "" : "s"}
        {t.points.length < t.requests
          ? `; the last ${t.points.length} are shown`
          : ""}
        .<LoggedCalls t={t} />
      </p>
      {points.length > 0 && (
        <>
          <RealUsageView timeline={t} />
          <div className="text-zinc-700 dark:text-zinc-300">
            <CacheSetupLine setup={setup} session testId="timeline.cache" />
          </div>
          <p data-testid="timeline.summary">
            {logged && (
              <span className="text-zinc-500">
                The conversation alone (without the system prompt and tools the
                log leaves out, which the real numbers above include).{" "}
              </span>
            )}
            {t.caching === "none" ? "Cost" : "Prompt cache cost"} of{" "}
            {t.points.length < t.requests ? "these" : "all"} requests:{" "}
            {approx(t.equivalents.withEdits)} input-token equivalents with the
            edits, {approx(t.equivalents.withoutEdits)} without:{" "}
            <strong>
              {Math.abs(diff) < 0.5
                ? "the same"
                : diff > 0
                  ? `${approx(diff)} more with the edits`
                  : `${approx(-diff)} less with the edits`}
            </strong>
            . Input tokens sent: {approx(t.tokens.withEdits)} with the edits,{" "}
            {approx(t.tokens.withoutEdits)} without.{" "}
            {logged ? (
              <span data-testid="timeline.dollars">
                In dollars: the bill above, which covers every call of the log
                at its own model (these requests alone, without the part the log
                leaves out, are not a bill)
              </span>
            ) : (
              <span data-testid="timeline.dollars">
                In dollars: {dollars(t.cost.withEdits)} with the edits,{" "}
                {dollars(t.cost.withoutEdits)} without, at {t.price.label}
                &rsquo;s prices ({t.pricingNote})
              </span>
            )}
          </p>
          <PredictedMissesLine t={t} model={modelOf(latest)} />
          {t.contextWindow !== null &&
            t.firstOverflow.withoutEdits !== null && (
              <p data-testid="timeline.overflow">
                Without the edits, request {t.firstOverflow.withoutEdits} would
                not fit the model&rsquo;s{" "}
                {t.contextWindow.toLocaleString("en-US")}-token context window
                {t.firstOverflow.withEdits === null
                  ? "; with them every request fits."
                  : t.firstOverflow.withEdits === t.firstOverflow.withoutEdits
                    ? ", and the edits do not make it fit."
                    : `; with them request ${t.firstOverflow.withEdits} is the first that does not.`}
              </p>
            )}
          {t.compactions.length > 0 && (
            <p data-testid="timeline.compaction">
              Compaction fires at request{t.compactions.length > 1 ? "s" : ""}{" "}
              {list(t.compactions)}. The reply then starts with a summary, and
              every later request starts from it: the blocks before it leave the
              prompt. Its size is unknown until the model writes it; this
              assumes about {approx(t.summaryTokens)} tokens (the output of the
              docs&rsquo; example), and leaves out the compaction step&rsquo;s
              own tokens.
            </p>
          )}
          <SessionChart
            before={points.map((p) => p.originalTokens)}
            after={points.map((p) => p.inputTokens)}
            window={t.contextWindow}
            label="Input tokens per request, before and after the edits"
            testId="timeline.chart"
          />
          <p className="text-xs text-zinc-500">
            Grey: input tokens before the edits; blue: after them, for all{" "}
            {points.length} requests (the dashed line is the context window when
            a request comes near it).
          </p>
        </>
      )}
      {failed.map((p) => (
        <p
          key={p.request}
          className="text-xs text-red-700 dark:text-red-400"
          data-testid="timeline.error"
        >
          Request {p.request} (up to message {p.lastMessage}):{" "}
          {!p.ok && p.error}
        </p>
      ))}
      <VirtualTable
        count={points.length}
        rowHeight={ROW}
        maxHeight={480}
        testId="timeline.table"
        caption="Requests of the session"
        head={<RequestTableHead columns={COLUMNS} />}
        row={(i) => <Row key={points[i]!.request} p={points[i]!} />}
      />
      <p className="text-xs text-zinc-500">
        Estimates. &ldquo;Cache break&rdquo; is the first block whose edited
        form differs from the request before, so the cache is written again from
        there (&ldquo;cache write&rdquo;, with the edits; the rest is read).{" "}
        {t.caching === "end"
          ? "Assumes each request is cached to its end (a message breakpoint moves to each request's last block) and read by the next"
          : t.caching === "prefix"
            ? "Only the tools and system prompt are cached: the first request writes them, later ones read them, and the conversation costs the base price"
            : "Nothing is cached: every input token costs the base price"}
        ; cache reads cost {CACHE_READ}×,{" "}
        {setup.ttl === "1h" ? "1-hour" : "5-minute"} writes {t.writePrice}× the
        base input price.
      </p>
    </div>
  )
}
