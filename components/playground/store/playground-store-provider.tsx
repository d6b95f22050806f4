"use client"

import { createContext, useContext, type ReactNode } from "react"
import { useStore } from "zustand"

import type { PlaygroundState, PlaygroundStore } from "@/lib/state"

const StoreContext = createContext<PlaygroundStore | null>(null)

/** Makes one playground store available to the components below it. */
export function PlaygroundStoreProvider({
  store,
  children,
}: {
  store: PlaygroundStore
  children: ReactNode
}) {
  return <StoreContext value={store}>{children}</StoreContext>
}

/** Reads a slice of the playground state; re-renders only when it changes. */
export function usePlaygroundStore<T>(selector: (s: PlaygroundState) => T): T {
  const store = useContext(StoreContext)
  if (!store) {
    throw new Error("usePlaygroundStore must be used inside <Playground>")
  }
  return useStore(store, selector)
}

/** The store itself, for event handlers that read state without subscribing. */
export function usePlaygroundStoreApi(): PlaygroundStore {
  const store = useContext(StoreContext)
  if (!store) {
    throw new Error("usePlaygroundStoreApi must be used inside <Playground>")
  }
  return store
}

/** The store, or null outside a playground (e.g. the embed card). */
export function useOptionalPlaygroundStoreApi(): PlaygroundStore | null {
  return useContext(StoreContext)
}
