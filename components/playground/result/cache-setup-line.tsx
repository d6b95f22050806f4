"use client"

import {
  type CacheReach,
  type CacheSetup,
  sessionCaching,
} from "@/lib/context-editing"
import { isRecord } from "@/lib/import/notes"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { BlockLink } from "./block-link"

/**
 * One sentence on what the request asks the API to cache (its own
 * `cache_control`), with a one-click way to turn automatic caching on when
 * it asks for none, and the API's error when it has too many breakpoints.
 */
export function CacheSetupLine({
  setup,
  reach,
  session = false,
  testId,
}: {
  setup: CacheSetup
  /** Refines the sentence for one request (a breakpoint on its last block). */
  reach?: CacheReach
  /** Said of every request of the session (a message breakpoint moves along). */
  session?: boolean
  testId: string
}) {
  const canEnable = usePlaygroundStore(
    (s) => s.parseError === null && isRecord(s.request)
  )
  const updateRequest = usePlaygroundStore((s) => s.updateRequest)
  const last = setup.last
  return (
    <>
      <p data-testid={testId} data-cache={reach?.kind ?? sessionCaching(setup)}>
        {setup.automatic ? (
          <>
            Automatic caching (top-level <code>cache_control</code>) caches each
            request up to its last block.
          </>
        ) : last === null ? (
          <>
            No <code>cache_control</code> in this request: the API caches
            nothing, so every input token costs the base price and no edit can
            break a cache.{" "}
            {canEnable && (
              <button
                type="button"
                data-testid={`${testId}.enable`}
                className="text-sky-700 underline underline-offset-2 hover:text-sky-900 dark:text-sky-400"
                onClick={() =>
                  updateRequest((r) => ({
                    ...r,
                    cache_control: { type: "ephemeral" },
                  }))
                }
              >
                Turn on automatic caching
              </button>
            )}
          </>
        ) : last.where === "tools" ? (
          <>
            <code>cache_control</code> on the tool definitions caches only them:
            the system prompt and the conversation cost the base price.
          </>
        ) : last.where === "system" ? (
          <>
            <code>cache_control</code> on the system prompt caches only the tool
            definitions and the system prompt: the conversation costs the base
            price.
          </>
        ) : session ? (
          <>
            The last <code>cache_control</code> breakpoint is on a message (
            <BlockLink at={last} testId={`${testId}.at`} />
            ): an agent moves it to each request&rsquo;s last block, so each
            request is cached to its end.
          </>
        ) : reach?.kind === "end" ? (
          <>
            A <code>cache_control</code> breakpoint on the prompt&rsquo;s last
            block (<BlockLink at={last} />) caches the whole prompt.
          </>
        ) : (
          <>
            The last <code>cache_control</code> breakpoint is on{" "}
            <BlockLink at={last} testId={`${testId}.at`} />: the prompt is
            cached up to there, and what follows costs the base price.
          </>
        )}
      </p>
      {setup.error && (
        <p
          className="text-red-700 dark:text-red-400"
          data-testid={`${testId}.error`}
        >
          The API rejects this request: &ldquo;{setup.error}&rdquo;
        </p>
      )}
    </>
  )
}
