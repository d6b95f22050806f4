// Short-link ids are content addresses (like Compiler Explorer's /z/ ids):
// the same state always maps to the same id, so re-sharing never piles up
// copies and an id can never silently start pointing at other content.

// Crockford's base32, lowercase: no i/l/o/u, so ids survive being read aloud
// or retyped, and no case-folding surprises in chat apps.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"

/** Default id length: 10 base32 characters = 50 bits of SHA-256. */
export const SHORT_ID_LENGTH = 10

/** Ids accepted by the routes (10 to 52 Crockford base32 characters). */
export const SHORT_ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{10,52}$/

function base32(bytes: Uint8Array): string {
  let out = ""
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31]
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31]
  return out
}

/** SHA-256 of the text's UTF-8 bytes as 52 lowercase Crockford base32 characters. */
export async function sha256Base32(text: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(text)
  )
  return base32(new Uint8Array(digest))
}

/**
 * Ids to try for a payload hash, shortest first. A longer prefix of the same
 * hash is used only if a shorter one is already taken by different content
 * (a 50-bit collision: astronomically rare, but handled rather than assumed).
 */
export function idCandidates(hash: string): string[] {
  return [SHORT_ID_LENGTH, 13, 16, 26, hash.length].map((n) => hash.slice(0, n))
}
