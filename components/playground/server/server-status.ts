"use client"

import { useEffect, useState } from "react"

import type { ServerKeyStatus } from "./key-section"

// One /api/status request per page load, shared by the header's key status
// and the Server tab. A failed check is not cached, so the next caller retries.
// The fetcher (and its zod schemas) is imported on demand: the header is part
// of the first load, which has a size budget (bench/page).
let pending: Promise<Exclude<ServerKeyStatus, "checking">> | null = null

function fetchStatus(): Promise<Exclude<ServerKeyStatus, "checking">> {
  if (pending) return pending
  const p = import("@/lib/anthropic/fetcher")
    .then(({ getStatus }) => getStatus())
    .then(
      (r) =>
        r.success ? (r.data.serverKey ? "present" : "absent") : "unknown",
      () => "unknown" as const
    )
  void p.then((s) => {
    if (s === "unknown" && pending === p) pending = null
  })
  return (pending = p)
}

/** Whether the server has its own ANTHROPIC_API_KEY ("checking" until known). */
export function useServerKeyStatus(): ServerKeyStatus {
  const [status, setStatus] = useState<ServerKeyStatus>("checking")
  useEffect(() => {
    let live = true
    void fetchStatus().then((s) => {
      if (live) setStatus(s)
    })
    return () => {
      live = false
    }
  }, [])
  return status
}
