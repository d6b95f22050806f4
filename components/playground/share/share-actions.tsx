"use client"

import dynamic from "next/dynamic"
import { useEffect, useState } from "react"

import type { ShareState } from "@/lib/share"

import { HeaderButton } from "@/components/ui/header-button"
import { usePlaygroundStoreApi } from "../store/playground-store-provider"

// The dialog loads when first opened.
const ShareDialog = dynamic(
  () => import("./share-dialog").then((m) => m.ShareDialog),
  { ssr: false }
)

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

/** "Share" in the header, and Ctrl/⌘+S. */
export function ShareActions() {
  const store = usePlaygroundStoreApi()
  const [share, setShare] = useState<ShareState | null>(null)

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
      <HeaderButton
        testId="header.share"
        title="Share a permalink (Ctrl/⌘+S)"
        onClick={() => setShare(shareStateOf(store))}
      >
        Share
      </HeaderButton>
      {share && (
        <ShareDialog open onClose={() => setShare(null)} state={share} />
      )}
    </>
  )
}
