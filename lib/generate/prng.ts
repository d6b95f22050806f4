/** A seeded pseudo-random source in [0, 1); never `Math.random`. */
export type Random = () => number

/** mulberry32: tiny, fast and good enough for synthetic transcripts. */
export function createRandom(seed: number): Random {
  let state = Math.trunc(seed) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Integer in [min, max] (inclusive). */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}

/** One element of a non-empty list. */
export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)]
  // Lists passed here are constant and non-empty; the fallback only satisfies
  // noUncheckedIndexedAccess.
  return item === undefined ? (items[0] as T) : item
}

/** Index chosen proportionally to `weights` (all ≥ 0, at least one > 0). */
export function pickWeighted(random: Random, weights: readonly number[]) {
  const total = weights.reduce((sum, w) => sum + Math.max(0, w), 0)
  let r = random() * total
  for (let i = 0; i < weights.length; i++) {
    r -= Math.max(0, weights[i] ?? 0)
    if (r < 0) return i
  }
  return Math.max(0, weights.length - 1)
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
const BASE64 =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

/** Random base62 string, the alphabet of API ids (`toolu_01…`). */
export function base62(random: Random, length: number): string {
  let out = ""
  for (let i = 0; i < length; i++) out += BASE62[(random() * 62) | 0]
  return out
}

/** Random base64 text, like signatures and `encrypted_content`. */
export function base64(random: Random, length: number): string {
  const parts: string[] = []
  for (let i = 0; i < length; i++) parts.push(BASE64[(random() * 64) | 0]!)
  return parts.join("")
}
