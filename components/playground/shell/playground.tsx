"use client"

import { useEffect, useState } from "react"

import { loadJsonTools } from "@/lib/json/on-demand"

import { openFragmentInto } from "../share/hash-links"
import { Header } from "./header/header"
import {
  initPlaygroundStore,
  markBootComplete,
  type InitOutcome,
} from "./init-store"
import { PlaygroundStoreProvider } from "../store/playground-store-provider"
import { Workspace } from "./workspace"

/** The whole playground page: header and the three regions. */
export function Playground() {
  const [init, setInit] = useState<InitOutcome | null>(null)

  useEffect(() => {
    let cancelled = false
    void initPlaygroundStore().then((outcome) => {
      if (!cancelled) setInit(outcome)
    })
    return () => {
      cancelled = true
    }
  }, [])

  // A link pasted into this open tab's address bar.
  const store = init?.store
  useEffect(() => {
    if (!store) return
    const onHash = () => {
      void openFragmentInto(store).then((notice) => {
        if (notice) setInit((current) => current && { ...current, notice })
      })
    }
    window.addEventListener("hashchange", onHash)
    return () => window.removeEventListener("hashchange", onHash)
  }, [store])

  useEffect(() => {
    if (!init) return
    // The JSON tools (error locator, editor selection) load once the page
    // has rendered: not in the first load, but there before anyone types.
    void loadJsonTools().catch(() => undefined)
    // The restored state rendered: it did not freeze the page.
    const id = setTimeout(markBootComplete, 1500)
    return () => clearTimeout(id)
  }, [init])

  if (!init) {
    return (
      <div className="flex h-dvh flex-col">
        <Header />
        <main
          className="grid flex-1 place-items-center text-sm text-zinc-500"
          aria-busy="true"
        >
          Loading the playground…
        </main>
      </div>
    )
  }

  return (
    <PlaygroundStoreProvider store={init.store}>
      <div className="flex h-dvh flex-col">
        <Header ready />
        <Workspace
          notice={init.notice}
          skippedRestore={init.skippedRestore}
          draftSavedAt={init.draftSavedAt ?? null}
        />
      </div>
    </PlaygroundStoreProvider>
  )
}
