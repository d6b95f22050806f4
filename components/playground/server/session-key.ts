"use client"

import { useSyncExternalStore } from "react"

/**
 * The API key typed into the page. It lives in memory (module scope, so it
 * survives switching tabs but not a reload) and, only if the user opts in,
 * in this tab's sessionStorage. Never localStorage, never a URL or share link.
 */
const STORAGE_KEY = "context-editing-playground.api-key"

interface KeyState {
  key: string
  remember: boolean
}

const SERVER_STATE: KeyState = { key: "", remember: false }
let state: KeyState | null = null
const listeners = new Set<() => void>()

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY)
  } catch {
    return null // storage disabled: memory only
  }
}

function current(): KeyState {
  if (state === null) {
    const stored = readStored()
    state = { key: stored ?? "", remember: stored !== null }
  }
  return state
}

function update(next: KeyState) {
  state = next
  try {
    if (next.remember && next.key) sessionStorage.setItem(STORAGE_KEY, next.key)
    else sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // storage disabled: memory only
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The typed key and its "remember for this tab" flag. */
export function useSessionKey() {
  const s = useSyncExternalStore(subscribe, current, () => SERVER_STATE)
  return {
    apiKey: s.key,
    remember: s.remember,
    setApiKey: (key: string) => update({ ...current(), key }),
    setRemember: (remember: boolean) => update({ ...current(), remember }),
    clear: () => update({ key: "", remember: false }),
  }
}
