import type { SmallStorage } from "./browser-storage"

/** A Map-backed stand-in for localStorage. */
export function fakeStorage(
  initial: Record<string, string> = {}
): SmallStorage & {
  data: Map<string, string>
} {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  }
}
