"use client"

import { useCallback, useRef, useState } from "react"

import { onMenuKeyDown } from "@/components/ui/menu-keys"
import { useDismiss } from "@/components/ui/use-dismiss"

import { HEADER_BUTTON } from "./header-button"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "./playground-store-provider"
import { resetToSample } from "./reset"

const ITEM =
  "block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none disabled:text-zinc-400 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800"

/**
 * "⋯" on narrow screens: the header actions that do not fit there (undo,
 * redo, reset, the Server tab with the key status, the shortcuts).
 */
export function MoreMenu({ onShortcuts }: { onShortcuts: () => void }) {
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [])
  const store = usePlaygroundStoreApi()
  const canUndo = usePlaygroundStore((s) => s.past.length > 0)
  const canRedo = usePlaygroundStore((s) => s.future.length > 0)
  useDismiss(ref, open, close)
  // A stable callback ref: focus once when the menu appears, not per render.
  const focusOnMount = useCallback((el: HTMLElement | null) => el?.focus(), [])
  const item = (
    id: string,
    label: string,
    run: () => void,
    disabled = false
  ) => (
    <button
      type="button"
      role="menuitem"
      data-testid={`header.more.${id}`}
      disabled={disabled}
      className={ITEM}
      onClick={() => {
        setOpen(false)
        run()
      }}
    >
      {label}
    </button>
  )
  return (
    <div ref={ref} className="relative ml-auto sm:hidden">
      <button
        type="button"
        data-testid="header.more"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="More actions"
        onClick={() => setOpen(!open)}
        className={HEADER_BUTTON}
      >
        ⋯
      </button>
      {open && (
        <div
          role="menu"
          // Focused on open (its first items may be disabled), so Escape and
          // the arrow keys reach it.
          tabIndex={-1}
          ref={focusOnMount}
          onKeyDown={(e) => onMenuKeyDown(e, close)}
          className="fixed inset-x-2 top-12 z-40 rounded-lg border border-zinc-200 bg-white p-1 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
        >
          {item("undo", "Undo", () => store.getState().undo(), !canUndo)}
          {item("redo", "Redo", () => store.getState().redo(), !canRedo)}
          {item("reset", "Reset to the sample…", () => resetToSample(store))}
          {item("server", "Server tab: API key and real calls", () => {
            store.getState().setResultTab("server")
            store.getState().setNarrowRegion("result")
          })}
          {item("shortcuts", "Keyboard shortcuts", onShortcuts)}
        </div>
      )}
    </div>
  )
}
