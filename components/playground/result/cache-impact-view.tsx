"use client"

import { useMemo } from "react"

import {
  type BlockStatus,
  CACHE_READ,
  CACHE_LOOKBACK_BLOCKS,
  cacheImpact,
  cacheSetup,
  type SimulateSuccess,
} from "@/lib/context-editing"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { approx } from "../store/use-simulation"
import { BlockLink } from "./block-link"
import { CacheSetupLine } from "./cache-setup-line"
import { STATUS } from "./status"

/**
 * What the edits do to the prompt cache (docs/semantics.md#prompt-cache), for the caching the
 * request asks for: where the cached prefix breaks, this request's cost,
 * and whether later requests make it back.
 */
export function CacheImpactView({ sim }: { sim: SimulateSuccess }) {
  const request = usePlaygroundStore((s) => s.request)
  const setup = useMemo(() => cacheSetup(request), [request])
  const c = useMemo(() => cacheImpact(sim, setup), [sim, setup])
  const status = (s: BlockStatus) => STATUS[s].label
  const setTab = usePlaygroundStore((s) => s.setResultTab)
  const cached = c.reach.kind !== "none"
  const breaks = c.firstChange !== null && c.rewrittenTokens > 0
  // Blocks from the first change to the end of the cached prefix.
  const span =
    c.firstChange === null
      ? 0
      : (c.reach.kind === "fixed" ? c.reach.index : sim.blocks.length - 1) -
        c.firstChange.index
  const cost = `This request costs ${approx(c.costWith)} ${cached ? "input-token equivalents" : "input tokens"} instead of ${approx(c.costWithout)}.`
  return (
    <section data-testid="explain.cache" aria-label="Prompt cache">
      <h3 className="font-semibold">
        Prompt cache{" "}
        <span className="text-xs font-normal text-zinc-500">(estimate)</span>
      </h3>
      <div className="mt-1 space-y-1 text-zinc-700 dark:text-zinc-300">
        <CacheSetupLine
          setup={setup}
          reach={c.reach}
          testId="explain.cache.setup"
        />
        {c.firstChange === null ? (
          <p>
            No edit changes the prompt
            {cached
              ? `, so a warm cache still serves the ${approx(c.prefixTokens)} cached tokens.`
              : "."}
          </p>
        ) : breaks ? (
          <p data-testid="explain.cache.break">
            The edits change the prompt from{" "}
            <BlockLink at={c.firstChange} testId="explain.cache.first" /> (
            {status(c.firstChange.status)}) on. The {approx(c.prefixTokens)}{" "}
            tokens before it are still read from the cache; the{" "}
            {approx(c.rewrittenTokens)} after it are written to the cache again
            {c.uncachedTokens > 0
              ? ` (and ${approx(c.uncachedTokens)} after the breakpoint cost the base price)`
              : ""}
            . {cost}
          </p>
        ) : (
          <p data-testid="explain.cache.break">
            The edits change the prompt from{" "}
            <BlockLink at={c.firstChange} testId="explain.cache.first" /> (
            {status(c.firstChange.status)}) on
            {cached
              ? ", after the cached prefix: nothing is written again."
              : "."}{" "}
            {cost}
          </p>
        )}
        {c.firstChange !== null && (
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
              `Later requests repeat the same edits${cached ? " and read the edited prompt's cached prefix" : ""}: ${approx(c.laterWith)} instead of ${approx(c.laterWithout)} per request.`
            )}{" "}
            {c.breakEven === 0
              ? "The edits cost less from this request on."
              : c.breakEven === null
                ? "In cache cost alone the edits never catch up; what they buy is room in the context window."
                : `The extra write pays for itself after ${c.breakEven === 1 ? "1 more request" : `${c.breakEven} more requests`}.`}
          </p>
        )}
        {breaks && span > CACHE_LOOKBACK_BLOCKS && (
          <p className="text-xs" data-testid="explain.cache.lookback">
            The API finds a cached prefix only within {CACHE_LOOKBACK_BLOCKS}{" "}
            blocks before a breakpoint, and this change is {span} blocks before
            the end of the cached prefix: unless an earlier breakpoint (on the
            system prompt, say) marks the unchanged part, those{" "}
            {approx(c.prefixTokens)} tokens are written again too.
          </p>
        )}
      </div>
      {sim.compaction?.fires && (
        <p
          className="mt-1 text-zinc-700 dark:text-zinc-300"
          data-testid="explain.cache.compaction"
        >
          Compaction fires: the next request replays the summary, so everything
          after the system prompt is new there
          {cached ? " and is written to the cache once" : ""}.
        </p>
      )}
      <p className="mt-1 text-xs text-zinc-500">
        Cache reads cost {CACHE_READ}×,{" "}
        {setup.ttl === "1h" ? "1-hour" : "5-minute"} cache writes {c.writePrice}
        × the base input price. Assumes the previous request was this one
        without the edits, cached as this one asks; new content costs the same
        either way, so it is left out.{" "}
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
