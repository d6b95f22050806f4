"use client"

import dynamic from "next/dynamic"

import { HeaderDialog } from "@/components/ui/header-button"
import { usePlaygroundStore } from "../store/playground-store-provider"

// Loads when first opened.
const ImportDialog = dynamic(
  () => import("./import-dialog").then((m) => m.ImportDialog),
  { ssr: false }
)

/** The current request's `context_management` when it is an object. */
function editsOf(request: unknown): { edits?: unknown } | undefined {
  if (typeof request !== "object" || request === null) return undefined
  const cm = (request as { context_management?: unknown }).context_management
  return typeof cm === "object" && cm !== null && !Array.isArray(cm)
    ? (cm as { edits?: unknown })
    : undefined
}

/**
 * The current edits to put on an imported request: all of them, except
 * clear_thinking when the import has no thinking on (the API would reject
 * it). Null when nothing is left to keep.
 */
function carriedEdits(
  cm: { edits?: unknown } | undefined,
  request: object
): { edits: unknown[]; note: string } | null {
  if (!cm || !Array.isArray(cm.edits) || cm.edits.length === 0) return null
  const thinking = (request as { thinking?: { type?: unknown } }).thinking
  const thinkingOn =
    thinking?.type === "enabled" || thinking?.type === "adaptive"
  const edits = thinkingOn
    ? cm.edits
    : cm.edits.filter(
        (e) =>
          (e as { type?: unknown } | null)?.type !== "clear_thinking_20251015"
      )
  if (edits.length === 0) return null
  const dropped = cm.edits.length - edits.length
  return {
    edits,
    note:
      dropped > 0
        ? "; kept the current edits except clear_thinking (this conversation has no thinking)"
        : "; kept the current edits",
  }
}

/**
 * Whether an import brings its own edit config (which then replaces the
 * current one); a compaction edit alone is what a compacted Claude Code log
 * needs for its compaction blocks, not a config.
 */
function hasOwnEdits(request: object): boolean {
  if (!("context_management" in request)) return false
  const edits = editsOf(request)?.edits
  return !(
    Array.isArray(edits) &&
    edits.every((e) => (e as { type?: unknown })?.type === "compact_20260112")
  )
}

/**
 * The kept edits plus the edits the import brought of a kind not kept
 * (e.g. the compaction edit a compacted Claude Code log needs).
 */
function withImportedEdits(kept: unknown[], request: object): unknown[] {
  const typeOf = (e: unknown) => (e as { type?: unknown } | null)?.type
  const types = new Set(kept.map(typeOf))
  const imported = editsOf(request)?.edits
  if (!Array.isArray(imported)) return kept
  return [...kept, ...imported.filter((e) => !types.has(typeOf(e)))]
}

/** "Import" in the header: paste, drop a file, or generate a session. */
export function ImportAction() {
  return (
    <HeaderDialog
      testId="header.import"
      title="Import a transcript: Messages JSON, legacy XML tool use, curl, Claude Code JSONL, OpenAI chat — or generate one"
      label="Import"
    >
      {(close) => <ImportInto close={close} />}
    </HeaderDialog>
  )
}

/** The open Import dialog, putting what it imports into the store. */
function ImportInto({ close }: { close: () => void }) {
  const setRequest = usePlaygroundStore((s) => s.setRequest)
  const updateRequest = usePlaygroundStore((s) => s.updateRequest)
  // Mounted only while the dialog is open: typing does not re-render the header.
  const current = usePlaygroundStore((s) => s.request)
  const origin = usePlaygroundStore((s) => s.origin)
  const cm = editsOf(current)
  const edits = Array.isArray(cm?.edits) ? cm.edits : []
  return (
    <ImportDialog
      open
      onClose={close}
      editsToKeep={edits.length}
      origin={origin}
      contextManagement={cm}
      keepsThinkingEdit={edits.some(
        (e) =>
          (e as { type?: unknown } | null)?.type === "clear_thinking_20251015"
      )}
      onApplyEdits={(contextManagement) =>
        updateRequest((r) => ({ ...r, context_management: contextManagement }))
      }
      onImport={(request, summary, keepEdits, realUsage) => {
        const kept =
          keepEdits && !hasOwnEdits(request) ? carriedEdits(cm, request) : null
        setRequest(
          kept
            ? {
                ...request,
                context_management: {
                  ...cm,
                  edits: withImportedEdits(kept.edits, request),
                },
              }
            : request,
          {
            kind: "import",
            summary: kept ? summary + kept.note : summary,
            ...(realUsage ? { realUsage } : {}),
          }
        )
      }}
    />
  )
}
