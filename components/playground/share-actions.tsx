"use client"

import { useEffect, useState } from "react"

import type { ShareState } from "@/lib/share"

import { HEADER_BUTTON } from "./header-button"
import { usePlaygroundStoreApi } from "./playground-store-provider"
import {
  LazyExportDialog as ExportDialog,
  LazyShareDialog as ShareDialog,
} from "./lazy"

/**
 * The state a permalink carries: the request (or the raw text when it does not
 * parse), changed assumptions and the open view. Never an API key: the key is
 * not in the store at all.
 */
function shareStateOf(
  store: ReturnType<typeof usePlaygroundStoreApi>
): ShareState {
  const s = store.getState()
  return {
    request: s.parseError ? {} : s.request,
    requestText: s.parseError ? s.requestText : undefined,
    assumptions: Object.keys(s.assumptions).length ? s.assumptions : undefined,
    view: s.resultTab !== "blocks" ? { tab: s.resultTab } : undefined,
    probes: Object.keys(s.probeRuns).length ? s.probeRuns : undefined,
  }
}

/** "Share" and "Code" in the header, with Ctrl/⌘+S for Share. */
export function ShareActions() {
  const store = usePlaygroundStoreApi()
  const [share, setShare] = useState<ShareState | null>(null)
  const [exportOpen, setExportOpen] = useState(false)

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === "s") {
        e.preventDefault()
        setShare(shareStateOf(store))
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [store])

  return (
    <>
      <button
        type="button"
        className={HEADER_BUTTON}
        data-testid="header.share"
        title="Share a permalink (Ctrl/⌘+S)"
        onClick={() => setShare(shareStateOf(store))}
      >
        Share
      </button>
      <button
        type="button"
        className={HEADER_BUTTON}
        data-testid="header.code"
        title="Export the request as curl, Python or TypeScript"
        onClick={() => setExportOpen(true)}
      >
        Code
      </button>
      {share && (
        <ShareDialog open onClose={() => setShare(null)} state={share} />
      )}
      {exportOpen && (
        <ExportDialog
          open
          onClose={() => setExportOpen(false)}
          request={store.getState().request}
        />
      )}
    </>
  )
}
