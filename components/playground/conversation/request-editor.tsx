"use client"

import { useEffect, useRef } from "react"

import { LazyJsonEditor } from "@/components/monaco/lazy-json-editor"

import { GENERATED_SUMMARY_PREFIX } from "@/lib/generate/summary-prefix"

import { blockAtOffset, setEditorApi } from "../store/editor-bridge"
import { onPageExit } from "../store/page-exit"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../store/playground-store-provider"

// The schema (generated from zod) loads with Monaco, not with the page.
const loadRequestSchema = () =>
  import("@/lib/schema/request-json-schema").then((m) => m.REQUEST_JSON_SCHEMA)

// Small documents commit on every keystroke; in large ones an edit inside one
// top-level value (e.g. context_management) commits at once by re-parsing
// that value only, and any other edit is parsed after a pause so typing
// stays smooth on a multi-megabyte request.
const INSTANT_LIMIT = 200_000
const DEBOUNCE_MS = 250
// Above this size Monaco's whole-document language features are switched off.
const HEAVY_CHARS = 1_000_000

/** The Monaco JSON editor bound to the store's request text. */
export function RequestEditor() {
  const store = usePlaygroundStoreApi()
  const text = usePlaygroundStore((s) => s.requestText)
  const revision = usePlaygroundStore((s) => s.textRevision)
  const generated = usePlaygroundStore(
    (s) =>
      s.origin?.source.kind === "import" &&
      s.origin.source.summary.startsWith(GENERATED_SUMMARY_PREFIX)
  )
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef<string | null>(null)

  const flush = () => {
    clearTimeout(timer.current)
    if (pending.current !== null) {
      store.getState().setRequestText(pending.current)
      pending.current = null
    }
  }
  const flushRef = useRef(flush)
  useEffect(() => {
    flushRef.current = flush
  })

  useEffect(() => () => setEditorApi(null), [])
  // Text typed in the last pause reaches the store before the page goes away.
  useEffect(() => onPageExit("input", () => flushRef.current()), [])

  return (
    <LazyJsonEditor
      value={text}
      revision={revision}
      modelUri="inmemory://playground/request.json"
      ariaLabel="Messages API request (JSON)"
      schema={loadRequestSchema}
      heavy={text.length > HEAVY_CHARS}
      generated={generated}
      onChange={(next) => {
        pending.current = next
        clearTimeout(timer.current)
        if (next.length < INSTANT_LIMIT) flush()
        else if (store.getState().setRequestTextIfCheap(next)) {
          pending.current = null
        } else timer.current = setTimeout(flush, DEBOUNCE_MS)
      }}
      onBlur={flush}
      onReady={setEditorApi}
      onCursorOffset={async (offset) => {
        const ref = await blockAtOffset(store.getState().requestText, offset)
        const current = store.getState().selectedBlock
        if (
          ref &&
          (ref.messageIndex !== current?.messageIndex ||
            ref.blockIndex !== current?.blockIndex)
        ) {
          store.getState().selectBlock(ref)
        }
      }}
    />
  )
}
