"use client"

import { useSyncExternalStore } from "react"

/**
 * An object kept outside React (module state) that components follow with
 * `useExternalStore`: every `set` replaces the fields it names and tells
 * each subscriber.
 */
export interface ExternalStore<S extends object> {
  get(): S
  set(fields: Partial<S>): void
  subscribe(listener: () => void): () => void
}

/** An external store holding `initial` until it is set. */
export function externalStore<S extends object>(initial: S): ExternalStore<S> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set(fields) {
      value = { ...value, ...fields }
      for (const l of listeners) l()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/**
 * The part of a store's value `select` picks, re-rendering when it changes;
 * `server` is what the server render (and hydration) sees, by default the
 * same pick.
 */
export function useExternalStore<S extends object, T>(
  store: ExternalStore<S>,
  select: (value: S) => T,
  server: () => T = () => select(store.get())
): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    server
  )
}
