"use client"

import { fleetSignal } from "@/components/fleet/fleet-signal"
import { DropdownMenu } from "@/components/ui/dropdown-menu"

import { HEADER_BUTTON } from "@/components/ui/header-button"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../../store/playground-store-provider"
import { resetToSample } from "../reset"

const ITEM =
  "block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none disabled:text-zinc-400 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800"

/**
 * "⋯" on narrow screens: the header actions that do not fit there (undo,
 * redo, reset, the Server tab with the key status, all your sessions, the
 * shortcuts).
 */
export function MoreMenu({ onShortcuts }: { onShortcuts: () => void }) {
  const store = usePlaygroundStoreApi()
  const canUndo = usePlaygroundStore((s) => s.past.length > 0)
  const canRedo = usePlaygroundStore((s) => s.future.length > 0)
  const item = (
    close: () => void,
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
        close()
        run()
      }}
    >
      {label}
    </button>
  )
  return (
    <DropdownMenu
      className="ml-auto sm:hidden"
      button={{
        testId: "header.more",
        label: "⋯",
        ariaLabel: "More actions",
        className: HEADER_BUTTON,
      }}
      // Its first items may be disabled: the menu itself takes the focus.
      focusMenu
      menuClassName="fixed inset-x-2 top-12 z-40 rounded-lg border border-zinc-200 bg-white p-1 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
    >
      {(close) => (
        <>
          {item(close, "undo", "Undo", () => store.getState().undo(), !canUndo)}
          {item(close, "redo", "Redo", () => store.getState().redo(), !canRedo)}
          {item(close, "reset", "Reset to the sample…", () =>
            resetToSample(store)
          )}
          {item(close, "server", "Server tab: API key and real calls", () => {
            store.getState().setResultTab("server")
            store.getState().setNarrowRegion("result")
          })}
          {item(close, "sessions", "All your sessions (a folder of logs)", () =>
            fleetSignal.set({ open: true })
          )}
          {item(close, "shortcuts", "Keyboard shortcuts", onShortcuts)}
        </>
      )}
    </DropdownMenu>
  )
}
