import { expect, it } from "vitest"

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

/** Stored texts that are no JSON object: a reader takes each as nothing stored. */
const NOT_AN_OBJECT: Array<[name: string, raw: string]> = [
  ["not JSON", "{oops"],
  ["an array", "[true]"],
  ["an array of numbers", "[1,2]"],
  ["null", "null"],
  ["a string", '"keep"'],
]

/**
 * One test per text of NOT_AN_OBJECT stored under `key`: `read` of that
 * storage equals `empty` (a malformed entry never breaks the page).
 */
export function itReadsNonObjectsAsEmpty<T>(
  key: string,
  read: (storage: SmallStorage) => T,
  empty: T
): void {
  it.each(NOT_AN_OBJECT)("treats stored %s as empty", (_name, raw) => {
    expect(read(fakeStorage({ [key]: raw }))).toEqual(empty)
  })
}
