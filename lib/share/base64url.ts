// base64url without padding (RFC 4648 §5): the alphabet survives URL
// fragments, chat apps and copy-paste without percent-encoding.

// String.fromCharCode(...bytes) has an argument-count limit; 0x8000 is safe
// in every engine (measured in Node 20 and Chromium).
const CHUNK = 0x8000

/** Encodes bytes as base64url without `=` padding. */
export function bytesToBase64url(bytes: Uint8Array): string {
  let binary = ""
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

const BASE64URL = /^[A-Za-z0-9_-]*$/

/** Decodes base64url (padding optional); returns null for anything malformed. */
export function base64urlToBytes(text: string): Uint8Array | null {
  const body = text.replace(/=+$/, "")
  // A length of 4n+1 cannot come from any byte sequence: a truncated link.
  if (!BASE64URL.test(body) || body.length % 4 === 1) return null
  let binary: string
  try {
    binary = atob(body.replace(/-/g, "+").replace(/_/g, "/"))
  } catch {
    return null
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
