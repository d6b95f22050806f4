"use client"

import { useState } from "react"

import { DropdownMenu } from "@/components/ui/dropdown-menu"

import type { Preset } from "@/lib/presets"

import { HEADER_BUTTON } from "@/components/ui/header-button"
import { mayReplaceRequest } from "../../store/replace-request"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../../store/playground-store-provider"

/** "Examples ▾": every docs example and the sample agent session. */
export function ExamplesMenu() {
  // The presets (and the generator behind them) load when the menu first opens.
  const [presets, setPresets] = useState<readonly Preset[] | null>(null)
  const store = usePlaygroundStoreApi()
  const source = usePlaygroundStore((s) => s.source)
  return (
    <DropdownMenu
      button={{
        testId: "header.examples",
        label: "Examples ▾",
        className: HEADER_BUTTON,
        onClick: () => {
          if (!presets) {
            void import("@/lib/presets").then((m) => setPresets(m.PRESETS))
          }
        },
      }}
      menuClassName="absolute left-0 z-40 mt-1 max-h-[70vh] w-96 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-xl max-sm:fixed max-sm:inset-x-2 max-sm:top-12 max-sm:w-auto dark:border-zinc-700 dark:bg-zinc-900"
    >
      {(close) => (
        <>
          {!presets && (
            <p role="status" className="px-2 py-1.5 text-sm text-zinc-500">
              Loading examples…
            </p>
          )}
          {(presets ?? []).map((p, i) => (
            <button
              key={p.id}
              type="button"
              role="menuitem"
              autoFocus={i === 0}
              data-testid={`examples.${p.id}`}
              onClick={() => {
                close()
                if (!mayReplaceRequest(store)) return
                store.getState().setRequest(p.build(), {
                  kind: "preset",
                  id: p.id,
                  title: p.title,
                })
              }}
              className="block w-full rounded px-2 py-1.5 text-left hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none dark:hover:bg-zinc-800 dark:focus:bg-zinc-800"
            >
              <span className="block text-sm font-medium">
                {p.title}
                {source.kind === "preset" && source.id === p.id
                  ? " ·  current"
                  : ""}
              </span>
              <span className="block text-xs text-zinc-500">
                {p.description}
              </span>
            </button>
          ))}
        </>
      )}
    </DropdownMenu>
  )
}
