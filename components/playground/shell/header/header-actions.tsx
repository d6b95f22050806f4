"use client"

import dynamic from "next/dynamic"
import { useEffect, useState } from "react"

import { RESULT_TABS } from "@/lib/state"

import { ExamplesMenu } from "./examples-menu"
import { HEADER_BUTTON } from "@/components/ui/header-button"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../../store/playground-store-provider"
import { FleetEntry } from "@/components/fleet/fleet-entry"
import { ImportAction } from "../../import/import-action"
import { LearnAction } from "../../learn/learn-action"
import { MoreMenu } from "./more-menu"
import { ShareActions } from "../../share/share-actions"
import { ExportAction } from "../../export/export-action"
import { resetToSample } from "../reset"

const LazyShortcutsDialog = dynamic(
  () => import("./shortcuts-dialog").then((m) => m.ShortcutsDialog),
  { ssr: false }
)

// Below the sm breakpoint only the main actions fit; the rest is in MoreMenu.
const wide = "hidden sm:inline-block"

function inEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el) return false
  return (
    el.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName) ||
    el.closest(".monaco-editor") !== null
  )
}

const HISTORY_STEPS = {
  undo: { label: "Undo", title: "Undo (Ctrl+Z)", symbol: "↶" },
  redo: { label: "Redo", title: "Redo (Ctrl+Shift+Z)", symbol: "↷" },
}

/** The header's ↶ or ↷ button, disabled when there is nothing to step to. */
function HistoryButton({ step }: { step: keyof typeof HISTORY_STEPS }) {
  const store = usePlaygroundStoreApi()
  const can = usePlaygroundStore((s) =>
    step === "undo" ? s.past.length > 0 : s.future.length > 0
  )
  const { label, title, symbol } = HISTORY_STEPS[step]
  return (
    <button
      type="button"
      className={`${HEADER_BUTTON} ${wide}`}
      disabled={!can}
      data-testid={`header.${step}`}
      title={title}
      aria-label={label}
      onClick={() => store.getState()[step]()}
    >
      {symbol}
    </button>
  )
}

/** Examples, undo/redo, reset and the global keyboard shortcuts. */
export function HeaderActions() {
  const store = usePlaygroundStoreApi()
  const [help, setHelp] = useState(false)

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.metaKey || e.ctrlKey
      if (mod && e.key.toLowerCase() === "z" && !inEditable(e.target)) {
        e.preventDefault()
        if (e.shiftKey) store.getState().redo()
        else store.getState().undo()
      } else if (mod && e.key.toLowerCase() === "y" && !inEditable(e.target)) {
        e.preventDefault()
        store.getState().redo()
      } else if (e.altKey && /^[1-9]$/.test(e.key) && RESULT_TABS[+e.key - 1]) {
        e.preventDefault()
        store.getState().setResultTab(RESULT_TABS[+e.key - 1]!)
      } else if (e.key === "?" && !inEditable(e.target)) {
        setHelp(true)
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [store])

  return (
    <>
      <ExamplesMenu />
      <ImportAction />
      <FleetEntry />
      <ShareActions />
      <ExportAction />
      <LearnAction />
      <span
        className="mx-1 hidden h-5 w-px bg-zinc-200 sm:block dark:bg-zinc-800"
        aria-hidden
      />
      <HistoryButton step="undo" />
      <HistoryButton step="redo" />
      <button
        type="button"
        className={`${HEADER_BUTTON} ${wide}`}
        data-testid="header.reset"
        title="Forget this tab's saved state and reopen the sample"
        onClick={() => resetToSample(store)}
      >
        Reset
      </button>
      <button
        type="button"
        className={`${HEADER_BUTTON} ${wide} ml-auto`}
        data-testid="header.shortcuts"
        aria-label="Keyboard shortcuts"
        onClick={() => setHelp(true)}
      >
        ⌨
      </button>
      <MoreMenu onShortcuts={() => setHelp(true)} />
      <LazyShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </>
  )
}
