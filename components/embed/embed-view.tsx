"use client"

import { useCallback, useEffect, useMemo, useState } from "react"

import type { SimulateOptions, SimulateResult } from "@/lib/context-editing"
import type { PlaygroundEngine } from "@/lib/state"
import { appliedText } from "@/lib/context-editing/rules/catalogue"
import type { TokenEstimator } from "@/lib/tokens"

import { loadEngine } from "@/components/playground/store/engine"
import {
  checkInWorker,
  TRIAL_DEADLINE_MS,
} from "@/components/playground/store/trial-check"
import { readFragment } from "@/components/playground/share/read-link"
import { CategoryBars } from "@/components/playground/result/category-bars"
import { STATUS } from "@/components/playground/result/status"
import { TokenNumbers } from "@/components/playground/result/token-summary"
import { approx } from "@/components/playground/store/use-simulation"
import { cn } from "@/components/ui/cn"

type Loaded =
  | { kind: "loading" }
  | { kind: "empty" }
  | { kind: "error"; message: string }
  | {
      kind: "ok"
      engine: PlaygroundEngine
      request: unknown
      options: SimulateOptions
      model: string | null
    }

type Shown =
  | Exclude<Loaded, { kind: "ok" }>
  | { kind: "ok"; sim: SimulateResult; model: string | null }

/**
 * A link's request is simulated in a worker first, with the page's deadline
 * (docs/semantics.md#hostile-input-limits): past it, the card says so
 * instead of freezing the page it is embedded in.
 */
async function checked(loaded: Loaded): Promise<Loaded> {
  if (loaded.kind !== "ok") return loaded
  const { result } = checkInWorker(loaded.request, {
    assumptions: loaded.options.assumptions,
  })
  const r = await result
  if (r.kind !== "stopped") return loaded
  return {
    kind: "error",
    message: `The prediction for this link (${r.content}) did not finish within ${TRIAL_DEADLINE_MS / 1000} seconds, so it was stopped. Open it in the playground to look at it.`,
  }
}

/** What the fragment holds, with the link's switches. */
async function load(hash: string): Promise<Loaded> {
  const outcome = await readFragment(hash)
  if (!outcome) return { kind: "empty" }
  if (!outcome.success) return { kind: "error", message: outcome.error }
  if (outcome.requestText !== undefined)
    return {
      kind: "error",
      message:
        "The linked request is not valid JSON; open it in the playground to fix it.",
    }
  const request = outcome.request as { model?: unknown }
  // The card counts once: with the PDF reader and the schema check in place.
  const engine = await loadEngine()
  return {
    kind: "ok",
    engine,
    request: outcome.request,
    options: {
      assumptions: outcome.assumptions as SimulateOptions["assumptions"],
    },
    model: typeof request?.model === "string" ? request.model : null,
  }
}

/**
 * The estimator the card counts with: the playground's BPE refinement (the
 * same counts the playground's header shows), unless the user turned it
 * off. `changed` is called after every simulation, so the refiner counts
 * the texts that simulation still estimated.
 */
function useCardEstimator(): {
  estimator: TokenEstimator | null
  changed: () => void
} {
  const [estimator, setEstimator] = useState<TokenEstimator | null>(null)
  const [listeners] = useState(() => new Set<() => void>())
  useEffect(() => {
    let stop = () => {}
    let live = true
    void import("@/components/tokens/refiner").then(async (m) => {
      const { refineEnabled } =
        await import("@/components/tokens/refine-status")
      if (!live || !refineEnabled()) return
      stop = m.startRefinement({
        getState: () => ({ setTokenEstimator: setEstimator }),
        subscribe: (fn) => {
          listeners.add(fn)
          return () => listeners.delete(fn)
        },
      })
    })
    return () => {
      live = false
      stop()
    }
  }, [listeners])
  const changed = useCallback(() => listeners.forEach((l) => l()), [listeners])
  return { estimator, changed }
}

/**
 * A read-only card for docs and blog posts (anchors #19): the prediction
 * for the request in the link's fragment (`#v2.…` or `#request=…`), what
 * changed block by block, and a link that opens the same state in the
 * playground. No editor, no key, no network.
 */
export function EmbedView() {
  const [hash, setHash] = useState<string | null>(null)
  const [loaded, setShown] = useState<Loaded>({ kind: "loading" })
  const { estimator, changed } = useCardEstimator()
  const shown = useMemo<Shown>(
    () =>
      loaded.kind === "ok"
        ? {
            kind: "ok",
            model: loaded.model,
            sim: loaded.engine.simulate(loaded.request, {
              ...loaded.options,
              ...(estimator ? { estimator } : {}),
            }),
          }
        : loaded,
    [loaded, estimator]
  )
  useEffect(changed, [shown, changed])
  useEffect(() => {
    const read = () => setHash(window.location.hash)
    read()
    window.addEventListener("hashchange", read)
    return () => window.removeEventListener("hashchange", read)
  }, [])
  useEffect(() => {
    if (hash === null) return
    let live = true
    void load(hash)
      .then(checked)
      .then(
        (s) => live && setShown(s),
        () =>
          live &&
          setShown({
            kind: "error",
            message: "The simulation engine did not load; reload the card.",
          })
      )
    return () => {
      live = false
    }
  }, [hash])

  const open = `/${hash ?? ""}`
  return (
    <main className="space-y-3 p-3 text-sm" data-testid="embed.view">
      <header className="flex items-center gap-2">
        <h1 className="font-semibold">Context editing</h1>
        {shown.kind === "ok" && shown.model && (
          <code className="text-xs text-zinc-500">{shown.model}</code>
        )}
        <a
          href={open}
          target="_blank"
          rel="noopener"
          data-testid="embed.open"
          className="ml-auto rounded border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          Open in playground ↗
        </a>
      </header>
      {shown.kind === "loading" && (
        <p role="status" className="text-zinc-500">
          Loading…
        </p>
      )}
      {shown.kind === "empty" && (
        <p data-testid="embed.error">
          This embed shows a playground link&rsquo;s request: put its{" "}
          <code>#v2.…</code> or <code>#request=…</code> fragment after{" "}
          <code>/embed</code>.
        </p>
      )}
      {shown.kind === "error" && (
        <p className="text-red-700 dark:text-red-400" data-testid="embed.error">
          {shown.message}
        </p>
      )}
      {shown.kind === "ok" && !shown.sim.ok && (
        <p className="text-red-700 dark:text-red-400" data-testid="embed.error">
          The API would reject this request: {shown.sim.error.message}
        </p>
      )}
      {shown.kind === "ok" && shown.sim.ok && <Prediction sim={shown.sim} />}
    </main>
  )
}

/** Before → after, and what applied_edits would say, in one short block. */
function Headline({ sim }: { sim: Extract<SimulateResult, { ok: true }> }) {
  const applied = sim.context_management?.applied_edits ?? []
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <TokenNumbers sim={sim} />
      </p>
      <p
        className="text-xs text-zinc-600 dark:text-zinc-400"
        data-testid="embed.applied"
      >
        {sim.context_management === null
          ? "No context_management: the response says context_management: null."
          : applied.length === 0
            ? "applied_edits: [] (no edit applied)."
            : `applied_edits: ${applied
                .map((e) => `${e.type} cleared ${appliedText(e)}`)
                .join("; then ")}.`}
      </p>
    </div>
  )
}

function Prediction({ sim }: { sim: Extract<SimulateResult, { ok: true }> }) {
  const changes = sim.blocks.filter(
    (b) => b.status !== "kept" && b.status !== "kept_recent"
  )
  return (
    <>
      <Headline sim={sim} />
      <CategoryBars
        before={sim.categories.before}
        after={sim.categories.after}
        contextWindow={sim.contextWindow}
        hidden={sim.hiddenTokens}
      />
      <section>
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
          What changed
        </h2>
        {changes.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">No block changes.</p>
        ) : (
          <ul
            className="mt-1 max-h-64 space-y-0.5 overflow-y-auto"
            data-testid="embed.changes"
          >
            {changes.map((b) => (
              <li
                key={`${b.messageIndex}.${b.blockIndex}`}
                className="flex flex-wrap items-baseline gap-x-2"
                title={b.reason}
              >
                <span className="text-zinc-500 tabular-nums">
                  message {b.messageIndex}
                </span>
                <span>
                  {b.type}
                  {b.toolName ? ` (${b.toolName})` : ""}
                </span>
                <span
                  className={cn(
                    "rounded px-1 text-[11px] font-medium",
                    STATUS[b.status].chip
                  )}
                >
                  {STATUS[b.status].icon} {STATUS[b.status].label}
                </span>
                <span className="text-zinc-500 tabular-nums">
                  {approx(b.tokensBefore)} → {approx(b.tokensAfter)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-xs text-zinc-500">
        Estimates from the playground&rsquo;s local engine; the API reports only
        the counts in applied_edits.
      </p>
    </>
  )
}
