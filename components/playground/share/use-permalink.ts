"use client"

import { useEffect, useMemo, useState } from "react"

import { encodeShare, stripSecrets, type ShareState } from "@/lib/share"

import { redactInWorker } from "./redact-in-worker"

/** The link for the current state, or why it is not ready. */
export type Permalink =
  | { status: "encoding" }
  | { status: "error"; message: string }
  | {
      status: "ready"
      /** `v2.…` without the `#`. */
      payload: string
      /** The full link: this page's address plus `#payload`. */
      url: string
      /** Paths of credential-like values left out of the link. */
      removed: string[]
    }

interface Computed {
  key: string
  redact: boolean
  result: Exclude<Permalink, { status: "encoding" }>
}

/**
 * Encodes `state` (redacted if asked) while `open`. Purely local: nothing
 * is sent anywhere, so opening the share dialog never stores a thing.
 */
export function usePermalink(
  open: boolean,
  state: ShareState,
  redact: boolean
): Permalink {
  const [computed, setComputed] = useState<Computed | null>(null)
  // Keyed by content, not identity: a parent that rebuilds `state` on every
  // render must not make the link flicker or re-encode for nothing.
  const key = useMemo(() => {
    if (!open) return ""
    try {
      return JSON.stringify(state)
    } catch {
      return null // cycles or BigInt: not representable in a link
    }
  }, [open, state])

  useEffect(() => {
    if (!key) return
    let cancelled = false
    const parsed = JSON.parse(key) as ShareState
    const done = (result: Computed["result"]) => {
      if (!cancelled) setComputed({ key, redact, result })
    }
    let removed: string[] = []
    // Redaction counts every string with the BPE: in a worker.
    ;(redact ? redactInWorker(parsed) : Promise.resolve(parsed))
      .then((source) => {
        removed = stripSecrets(source).removed
        return encodeShare(source)
      })
      .then(
        (payload) => {
          const { origin, pathname, search } = window.location
          done({
            status: "ready",
            payload,
            url: `${origin}${pathname}${search}#${payload}`,
            removed,
          })
        },
        () =>
          done({
            status: "error",
            message: "This state could not be turned into a link.",
          })
      )
    return () => {
      cancelled = true
    }
  }, [key, redact])

  if (key === null) {
    return {
      status: "error",
      message: "This state could not be turned into a link.",
    }
  }
  // A result for other inputs is stale: show "encoding" until the new one lands.
  if (!computed || computed.key !== key || computed.redact !== redact) {
    return { status: "encoding" }
  }
  return computed.result
}
