"use client"

import dynamic from "next/dynamic"

import { cn } from "@/components/ui/cn"
import { LoadingLine } from "@/components/ui/loading-line"

import { originLabel } from "@/lib/state"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { RegionHeader } from "@/components/ui/region-header"
import { ConversationToolbar } from "./conversation-toolbar"
import { RequestEditor } from "./request-editor"

// Compose mode and the legacy-format notice load when they are shown.
const ComposeView = dynamic(
  () => import("../compose/compose-view").then((m) => m.ComposeView),
  { ssr: false, loading: LoadingLine }
)

const LegacyNotice = dynamic(
  () => import("./legacy-notice").then((m) => m.LegacyNotice),
  { ssr: false }
)

/** Where the conversation came from ("Example: …", "Shared link"), and whether it was edited since. */
function OriginLabel() {
  const origin = usePlaygroundStore((s) => s.origin)
  const label = originLabel(origin)
  if (!label || !origin) return null
  const full = origin.source.kind === "import" ? origin.source.summary : label
  return (
    <span
      data-testid="conversation.origin"
      title={origin.edited ? `${full} (edited since)` : full}
      className="min-w-0 truncate text-xs text-zinc-500"
    >
      {label}
      {origin.edited && <span className="text-zinc-400"> · edited</span>}
    </span>
  )
}

/** The conversation region: the request as JSON or as forms. */
export function ConversationPanel() {
  const mode = usePlaygroundStore((s) => s.inputMode)
  const setMode = usePlaygroundStore((s) => s.setInputMode)
  const parseError = usePlaygroundStore((s) => s.parseError)

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <RegionHeader title="Conversation" keepTitleWidth>
        <OriginLabel />
        <div
          role="tablist"
          aria-label="Input mode"
          className="ml-auto flex rounded-md bg-zinc-100 p-0.5 text-xs dark:bg-zinc-900"
        >
          {(["json", "compose"] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              data-testid={`conversation.mode.${m}`}
              onClick={() => setMode(m)}
              className={cn(
                "rounded px-2 py-0.5",
                mode === m
                  ? "bg-white font-medium shadow-sm dark:bg-zinc-700"
                  : "text-zinc-500"
              )}
            >
              {m === "json" ? "JSON" : "Compose"}
            </button>
          ))}
        </div>
      </RegionHeader>
      <ConversationToolbar />
      <LegacyNotice />
      <SkipEditor />
      <div className="relative min-h-0 flex-1">
        {mode === "json" ? <RequestEditor /> : <ComposeView />}
      </div>
      {parseError && (
        <div
          role="alert"
          data-testid="conversation.error"
          className="border-t border-red-300 bg-red-50 px-3 py-2 text-xs text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
        >
          <strong className="font-semibold">Invalid JSON</strong> —{" "}
          {parseError.message}. Your text is kept as typed; the result shows the
          last valid request (stale) until this is fixed.
        </div>
      )}
    </div>
  )
}

/**
 * A link, shown when focused, that takes keyboard users past the editor
 * (Tab indents inside Monaco) to the Edits region.
 */
function SkipEditor() {
  const setRegion = usePlaygroundStore((s) => s.setNarrowRegion)
  return (
    <a
      href="#region-edits"
      data-testid="conversation.skip-editor"
      className="sr-only focus:not-sr-only focus:m-1 focus:self-start focus:rounded focus:bg-blue-600 focus:px-2 focus:py-1 focus:text-xs focus:text-white"
      onClick={(event) => {
        // No hash change: the page reads the hash as a link to open.
        event.preventDefault()
        setRegion("edits")
        requestAnimationFrame(() =>
          document.getElementById("region-edits")?.focus()
        )
      }}
    >
      Skip past the editor
    </a>
  )
}
