"use client"

import dynamic from "next/dynamic"
import { useEffect, useState } from "react"

import { loadJsonTools } from "@/lib/json/on-demand"

import { openFragmentInto } from "../share/hash-links"
import { PlaygroundStoreProvider } from "../store/playground-store-provider"
import { Header } from "./header/header"
import {
  initPlaygroundStore,
  markBootComplete,
  type InitOutcome,
} from "./init-store"

/** What the page shows until its store is built and the workspace's code is there. */
function LoadingPage() {
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

// The header's actions and the workspace: loaded while the store is built.
const loadReadyPage = () => import("./ready-page")
const ReadyPage = dynamic(() => loadReadyPage().then((m) => m.ReadyPage), {
  ssr: false,
  loading: LoadingPage,
})

/**
 * The whole playground page. The first paint (and the first-load JS) is the
 * header and a loading line; the store is built (the sample, this tab's
 * autosave, a link) while the workspace's code and the engine load.
 */
export function Playground() {
  const [init, setInit] = useState<InitOutcome | null>(null)

  useEffect(() => {
    let cancelled = false
    void loadReadyPage()
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

  if (!init) return <LoadingPage />

  return (
    <PlaygroundStoreProvider store={init.store}>
      <ReadyPage
        notice={init.notice}
        skippedRestore={init.skippedRestore}
        draftSavedAt={init.draftSavedAt ?? null}
      />
    </PlaygroundStoreProvider>
  )
}
