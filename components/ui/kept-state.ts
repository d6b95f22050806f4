"use client"

import { type Dispatch, type SetStateAction, useEffect, useState } from "react"

/**
 * What a dialog holds while it is closed: typed or pasted input survives
 * Escape, Close and reopening until it is used or cleared. Kept in this
 * page's memory only, never in storage (a paste may hold an API key).
 */
const kept = new Map<string, unknown>()

/** `useState` whose value is kept under `key` while the component is unmounted. */
export function useKeptState<T>(
  key: string,
  initial: T | (() => T)
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() =>
    kept.has(key)
      ? (kept.get(key) as T)
      : typeof initial === "function"
        ? (initial as () => T)()
        : initial
  )
  useEffect(() => {
    kept.set(key, value)
  }, [key, value])
  return [value, setValue]
}

/** The value kept under `key`, if any (read once, e.g. to start a state from it). */
export function keptValue<T>(key: string): T | undefined {
  return kept.get(key) as T | undefined
}

/** Stores `value` under `key` (what `useKeptState` does on each change). */
export function keepValue(key: string, value: unknown): void {
  kept.set(key, value)
}

/** Forgets `key` and the keys under it (`key.…`): the input was used or cleared. */
export function forgetKept(key: string): void {
  for (const k of [...kept.keys()])
    if (k === key || k.startsWith(`${key}.`)) kept.delete(k)
}
