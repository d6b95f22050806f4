/**
 * Bounds for decoding untrusted links. A link is attacker-controlled input:
 * a few KB of deflate can expand to gigabytes (zip bomb) and `[[[[…` can be
 * nested deeper than any recursive walker survives, so every stage has a cap.
 */
export interface ShareLimits {
  /** Longest fragment accepted, in characters (base64url or percent-encoded). */
  maxEncodedChars: number
  /** Largest decompressed payload, in bytes; inflation stops as soon as it is exceeded. */
  maxDecodedBytes: number
  /** Deepest array/object nesting accepted, checked before `JSON.parse`. */
  maxDepth: number
  /**
   * Most JSON values (arrays, objects and their items) accepted, checked
   * before `JSON.parse`. A 1M-token session holds about 45,000.
   */
  maxItems: number
  /** Wall-clock budget for one decode, in milliseconds (a backstop; the size caps bound the work). */
  maxMillis: number
}

/** Default decode bounds. */
export const SHARE_LIMITS: ShareLimits = {
  maxEncodedChars: 4 * 1024 * 1024,
  maxDecodedBytes: 16 * 1024 * 1024,
  maxDepth: 64,
  maxItems: 500_000,
  maxMillis: 3000,
}

/** Largest payload the short-link server stores, in characters. */
export const MAX_SHORT_LINK_PAYLOAD_CHARS = 1_000_000

/**
 * Link lengths where sharing gets harder: Discord messages and
 * Firefox history/bookmarks stop at 2,000 characters; Chromium's address bar
 * shows at most 32 * 1024 (`kMaxURLDisplayChars`). We warn from 32,000, a
 * little early, so the number in the message stays round.
 */
export const URL_LENGTH_WARNINGS = {
  chatApps: 2000,
  addressBar: 32_000,
} as const

/**
 * Short-link creation per client: bursts of 30, then one every 2 s (30 a
 * minute). Sharing is a human action; this only stops a script or another
 * site's page from filling the database.
 */
export const SHARE_CREATE_RATE_LIMIT = {
  capacity: 30,
  refillPerSecond: 1 / 2,
} as const
