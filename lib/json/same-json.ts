import { isRecord } from "./is-record"

/**
 * Whether two parsed JSON values are the same value (key order ignored),
 * stopping at the first difference; shared subtrees compare by identity.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false
    return true
  }
  if (!isRecord(a) || !isRecord(b) || Array.isArray(b)) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  for (const k of keys)
    if (!Object.hasOwn(b, k) || !sameJson(a[k], b[k])) return false
  return true
}
