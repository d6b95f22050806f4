"use client"

import { useMemo } from "react"

import {
  formatDollars as dollars,
  type ResultNeed,
  type Timeline,
  timelinePresence,
  toolAdvice,
} from "@/lib/context-editing"
import type { RealComparison } from "@/lib/real-usage/compare"
import { needsOf } from "@/lib/real-usage/needs/conversation"

import { approx } from "../store/use-simulation"
import { AgentSwitchControls } from "./agent-switches"

/** What the config costs the agent: whether it breaks it, and what it must fetch again. */
export function RealAgentCost({
  c,
  sameConfig,
}: {
  c: RealComparison
  sameConfig: boolean
}) {
  if (sameConfig) return null
  if (c.infeasible)
    return (
      <p
        role="alert"
        className="text-xs font-medium text-red-700 dark:text-red-400"
        data-testid="real.infeasible"
      >
        This config would break the agent: it {c.infeasible}. It is not cheaper,
        whatever the number says.
      </p>
    )
  return (
    <p className="text-xs" data-testid="real.refetch">
      {c.refetch.calls > 0 ? (
        <>
          It clears {c.lost.length} result{c.lost.length === 1 ? "" : "s"} a
          later turn still used: the agent would fetch{" "}
          {c.refetch.calls === 1 ? "it" : "them"} again ({c.refetch.calls} more
          request{c.refetch.calls === 1 ? "" : "s"}, {approx(c.refetch.tokens)}{" "}
          tokens back in the prompt, {dollars(c.refetch.dollars)} before the
          scaling), if it otherwise took the same steps.
        </>
      ) : (
        "It clears nothing a later turn of this session used (by the evidence below)."
      )}
    </p>
  )
}

/** The request (1-based) each message is answered by. */
const answering = (ends: readonly number[]) =>
  new Map(ends.map((e, k) => [e + 1, k + 1]))

/** One result and the later requests that used it. */
function NeedRow({ n, at }: { n: ResultNeed; at: Map<number, number> }) {
  const uses = n.uses.filter((u) => at.has(u.message))
  return (
    <li data-testid="needs.result">
      {n.name || "?"} result ({n.id.slice(-6)}) at request{" "}
      {at.get(n.resultMessage + 1) ?? "—"}:{" "}
      {uses.length === 0
        ? "no later turn used it"
        : uses
            .slice(0, 4)
            .map(
              (u) =>
                `request ${at.get(u.message)} (${u.kind === "same-call" ? "called again" : `“${u.evidence}”`}${u.alternatives.length ? `, or ${u.alternatives.length} other` : ""})`
            )
            .join("; ") + (uses.length > 4 ? `; +${uses.length - 4}` : "")}
    </li>
  )
}

/**
 * Which later turn used each tool result (per tool, and per result), read
 * from the conversation's own content, and which of them this config takes
 * out while still needed.
 */
export function ResultNeedsPanel({ t, c }: { t: Timeline; c: RealComparison }) {
  const presence = timelinePresence(t)
  const needs = useMemo(
    () => (presence ? needsOf(presence.request.messages as unknown[]) : []),
    [presence]
  )
  if (!presence || needs.length === 0) return null
  const advice = toolAdvice(presence, needs)
  const at = answering(presence.ends)
  return (
    <details className="text-xs" data-testid="needs.view">
      <summary className="cursor-pointer">
        What later turns used again: {needs.filter((n) => n.uses.length).length}{" "}
        of {needs.length} tool results (from the conversation&rsquo;s own
        content)
      </summary>
      <AgentSwitchControls />
      <ul className="list-disc pl-5" data-testid="needs.tools">
        {advice.map((a) => (
          <li key={a.name}>
            {a.name || "?"}: {a.neededLater} of {a.results} used again later
            {a.maxGap !== null && ` (up to ${a.maxGap} requests later)`}
            {a.fetchedAgain > 0 &&
              `, ${a.fetchedAgain} fetched again by the agent`}{" "}
            — {a.advice}
          </li>
        ))}
      </ul>
      {c.lost.length > 0 && (
        <p data-testid="needs.lost">
          With this config, needed after it cleared them:{" "}
          {c.lost
            .slice(0, 6)
            .map((l) => `${l.name} at request ${l.neededAt} (“${l.evidence}”)`)
            .join("; ")}
          {c.lost.length > 6 ? `; and ${c.lost.length - 6} more` : ""}.
        </p>
      )}
      <ul className="max-h-64 list-disc overflow-y-auto pl-5">
        {needs.slice(0, 200).map((n) => (
          <NeedRow key={n.id} n={n} at={at} />
        ))}
      </ul>
    </details>
  )
}
