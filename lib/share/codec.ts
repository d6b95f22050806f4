/**
 * Share-link codec. Compatibility rules — read before changing anything:
 *
 * 1. A link is `v<N>.<payload>`. v1's payload is
 *    base64url(deflate-raw(UTF-8 JSON of the wire object in wire.ts)).
 * 2. Never rename a field, change its meaning or reorder the keys `toWire`
 *    writes (`request`, `requestText`, `assumptions`, `view`); only append new
 *    optional fields. Older readers ignore unknown fields with a note.
 * 3. Any change an older reader would misread bumps the prefix (v2, …).
 * 4. Every version ever shipped stays decodable here, forever. Each has a
 *    frozen fixture in `__fixtures__/v<N>.txt` + `.json`, tested in
 *    `codec-compat.test.ts`; never regenerate a fixture to make a test pass.
 * 5. A link from a newer version says so ("made by a newer version") rather
 *    than failing as "damaged" or being half-read.
 * 6. Decoding is bounded (limits.ts) and never throws: every failure is a
 *    `{ success: false, error: { code, message } }` a user can read.
 * 7. No API key is ever encoded or decoded (secrets.ts, both directions).
 *
 * Legacy deep links `#request=<percent-encoded JSON>` (docs "open in
 * playground") are read by `decodeFragment` under the same bounds.
 */

import { base64urlToBytes, bytesToBase64url } from "./base64url"
import { deflateRaw, inflateRawToText } from "./deflate"
import { parseJsonBounded } from "./json-guard"
import { SHARE_LIMITS, type ShareLimits } from "./limits"
import type {
  DecodeShareResult,
  ShareError,
  ShareErrorCode,
  ShareState,
} from "./types"
import { fromWire, toWire } from "./wire"

/** The version this build writes. */
export const SHARE_VERSION = 1

/** Prefix of links this build writes, e.g. `v1.` (no `#`). */
export const SHARE_PREFIX = `v${SHARE_VERSION}.`

/** Options for decoding; both are optional and exist for tests and servers. */
export interface DecodeOptions {
  /** Override some bounds (merged over `SHARE_LIMITS`). */
  limits?: Partial<ShareLimits>
  /** Clock for the time budget, in ms; defaults to `performance.now`. */
  now?: () => number
}

const MESSAGES: Record<ShareErrorCode, string> = {
  not_share: "This address does not contain a shared playground.",
  damaged:
    "This link is truncated or damaged. Ask for the full link again (chat apps sometimes cut long links).",
  unsupported_version:
    "This link was made by a newer version of the playground. Reload the page to get the latest version.",
  too_large: "This link is too large to open safely.",
  too_deep: "This link is nested too deeply to open safely.",
  timeout: "This link took too long to open.",
  invalid: "This link does not contain a playground request.",
}

function fail(code: ShareErrorCode, detail?: string): DecodeShareResult {
  const error: ShareError = {
    code,
    message: detail ? `${MESSAGES[code]} ${detail}` : MESSAGES[code],
  }
  return { success: false, error }
}

const MiB = 1024 * 1024

function resolve(options: DecodeOptions | undefined) {
  const limits = { ...SHARE_LIMITS, ...options?.limits }
  const now = options?.now ?? (() => performance.now())
  return { limits, now, deadline: now() + limits.maxMillis }
}

/**
 * Encodes a state as `v1.<base64url(deflate-raw(JSON))>` (no leading `#`).
 * Secrets are stripped first. Rejects only on values JSON cannot represent
 * (cycles, BigInt), which the playground never produces.
 */
export async function encodeShare(state: ShareState): Promise<string> {
  const { wire } = toWire(state)
  const bytes = new TextEncoder().encode(JSON.stringify(wire))
  return SHARE_PREFIX + bytesToBase64url(await deflateRaw(bytes))
}

/**
 * Decodes a `v1.…` fragment (with or without `#`). Never throws; each
 * failure carries a user-facing message, and `notes` lists repairs.
 */
export async function decodeShare(
  fragment: string,
  options?: DecodeOptions
): Promise<DecodeShareResult> {
  try {
    return await decodeShareUnsafe(fragment, options)
  } catch {
    // Every known failure is handled below; this is the last line of the
    // "no exception escapes" guarantee, e.g. an engine without deflate-raw.
    return fail("damaged")
  }
}

async function decodeShareUnsafe(
  fragment: string,
  options: DecodeOptions | undefined
): Promise<DecodeShareResult> {
  if (typeof fragment !== "string") return fail("not_share")
  const { limits, now, deadline } = resolve(options)
  if (fragment.length > limits.maxEncodedChars + 16) {
    return fail("too_large", `The limit is ${limits.maxEncodedChars / MiB} MB.`)
  }
  const text = fragment.trim().replace(/^#/, "")
  const version = /^v(\d{1,9})\./.exec(text)
  if (!version) return fail("not_share")
  const n = Number(version[1])
  if (n > SHARE_VERSION) {
    return fail("unsupported_version", `(It uses format v${n}.)`)
  }
  if (n !== 1) return fail("damaged")
  const bytes = base64urlToBytes(text.slice(version[0].length))
  if (!bytes || bytes.length === 0) return fail("damaged")

  const inflated = await inflateRawToText(bytes, {
    maxBytes: limits.maxDecodedBytes,
    deadline,
    now,
  })
  if (!inflated.ok) {
    return inflated.reason === "too_large"
      ? fail(
          "too_large",
          `It expands to more than ${limits.maxDecodedBytes / MiB} MB.`
        )
      : fail(inflated.reason)
  }
  return readJson(inflated.text, limits, now, deadline)
}

function readJson(
  text: string,
  limits: ShareLimits,
  now: () => number,
  deadline: number
): DecodeShareResult {
  const parsed = parseJsonBounded(text, limits.maxDepth)
  if (!parsed.ok) {
    return parsed.reason === "too_deep"
      ? fail("too_deep", `The limit is ${limits.maxDepth} levels.`)
      : fail("damaged")
  }
  if (now() > deadline) return fail("timeout")
  const state = fromWire(parsed.value)
  if (!state.ok) return fail("invalid")
  return { success: true, data: state.data, notes: state.notes }
}

/**
 * Reads a legacy `#request=<percent-encoded JSON>` deep link. Text that is
 * not JSON still loads, as raw editor text, so nothing is lost.
 */
export function decodeRequestLink(
  fragment: string,
  options?: DecodeOptions
): DecodeShareResult {
  try {
    const { limits } = resolve(options)
    const body = fragment
      .trim()
      .replace(/^#/, "")
      .replace(/^request=/, "")
    if (body.length > limits.maxEncodedChars) {
      return fail(
        "too_large",
        `The limit is ${limits.maxEncodedChars / MiB} MB.`
      )
    }
    let text: string
    try {
      // Same rule as encodeURIComponent, which generates these links: a
      // literal `+` stays a plus (not form-encoding's space).
      text = decodeURIComponent(body)
    } catch {
      return fail("damaged")
    }
    const parsed = parseJsonBounded(text, limits.maxDepth)
    if (parsed.ok) {
      const state = fromWire({ request: parsed.value })
      return state.ok
        ? { success: true, data: state.data, notes: state.notes }
        : fail("invalid")
    }
    if (parsed.reason === "too_deep") {
      return fail("too_deep", `The limit is ${limits.maxDepth} levels.`)
    }
    const state = fromWire({ requestText: text })
    if (!state.ok) return fail("invalid")
    return {
      success: true,
      data: state.data,
      notes: [
        "The linked request is not valid JSON; it was loaded as text.",
        ...state.notes,
      ],
    }
  } catch {
    return fail("damaged")
  }
}

/**
 * Dispatches a `location.hash`: `#v<N>.` → share link, `#request=` → legacy
 * deep link, anything else → `not_share`. Never throws.
 */
export async function decodeFragment(
  hash: string,
  options?: DecodeOptions
): Promise<DecodeShareResult> {
  if (typeof hash !== "string") return fail("not_share")
  const text = hash.trimStart().replace(/^#/, "")
  if (/^v\d/.test(text)) return decodeShare(text, options)
  if (text.startsWith("request=")) return decodeRequestLink(text, options)
  return fail("not_share")
}
