"use client"

import { useMemo } from "react"

import {
  type BlockStatus,
  CACHE_READ,
  CACHE_WRITE,
  cacheImpact,
  type SimulateSuccess,
} from "@/lib/context-editing"

import { usePlaygroundStore } from "../playground-store-provider"
import { approx } from "../use-simulation"
import { BlockLink } from "./block-link"
import { STATUS } from "./status"

/**
 * What the edits do to the prompt cache (spec §6): where the cached prefix
 * breaks, this request's cost, and whether later requests make it back.
 */
export function CacheImpactView({ sim }: { sim: SimulateSuccess }) {
  const c = useMemo(() => cacheImpact(sim), [sim])
  const status = (s: BlockStatus) => STATUS[s].label
  const setTab = usePlaygroundStore((s) => s.setResultTab)
  return (
    <section data-testid="explain.cache" aria-label="Prompt cache">
      <h3 className="font-semibold">
        Prompt cache{" "}
        <span className="text-xs font-normal text-zinc-500">(estimate)</span>
      </h3>
      {c.firstChange === null ? (
        <p className="mt-1 text-zinc-700 dark:text-zinc-300">
          No edit changes the prompt, so a warm cache still serves all{" "}
          {approx(sim.input_tokens)} tokens.
        </p>
      ) : (
        <div className="mt-1 space-y-1 text-zinc-700 dark:text-zinc-300">
          <p data-testid="explain.cache.break">
            The edits change the prompt from{" "}
            <BlockLink at={c.firstChange} testId="explain.cache.first" /> (
            {status(c.firstChange.status)}) on. The {approx(c.prefixTokens)}{" "}
            tokens before it are still read from the cache; the{" "}
            {approx(c.rewrittenTokens)} after it are written to the cache again.
            This request costs {approx(c.costWith)} input-token equivalents
            instead of {approx(c.costWithout)}.
          </p>
          <p data-testid="explain.cache.later">
            {c.nextBreak ? (
              <>
                Each later request that adds a tool use or turn also clears the
                oldest block kept by keep (
                <BlockLink at={c.nextBreak} testId="explain.cache.next" />
                ), so the cache breaks there again and{" "}
                {approx(c.nextBreak.rewrittenTokens)} tokens are written each
                time: {approx(c.laterWith)} instead of {approx(c.laterWithout)}{" "}
                per request.
              </>
            ) : (
              `Later requests repeat the same edits and read the edited prompt from the cache: ${approx(c.laterWith)} instead of ${approx(c.laterWithout)} per request.`
            )}{" "}
            {c.breakEven === 0
              ? "The edits cost less from this request on."
              : c.breakEven === null
                ? "In cache cost alone the edits never catch up; what they buy is room in the context window."
                : `The extra write pays for itself after ${c.breakEven === 1 ? "1 more request" : `${c.breakEven} more requests`}.`}
          </p>
        </div>
      )}
      {sim.compaction?.fires && (
        <p
          className="mt-1 text-zinc-700 dark:text-zinc-300"
          data-testid="explain.cache.compaction"
        >
          Compaction fires: the next request replays the summary, so everything
          after the system prompt is new there and is written to the cache once.
        </p>
      )}
      <p className="mt-1 text-xs text-zinc-500">
        Cache reads cost {CACHE_READ}×, 5-minute cache writes {CACHE_WRITE}× the
        base input price. Assumes the previous request was this one without the
        edits, cached to its end; new content costs the same either way, so it
        is left out.{" "}
        <button
          type="button"
          className="text-sky-700 underline underline-offset-2 hover:text-sky-900 dark:text-sky-400"
          data-testid="explain.cache.timeline"
          onClick={() => setTab("timeline")}
        >
          Every request of the session: Timeline
        </button>
      </p>
    </section>
  )
}
