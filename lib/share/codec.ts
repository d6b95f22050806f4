/**
 * Share-link codec. Compatibility rules — read before changing anything:
 *
 * 1. A link is `v<N>.<payload>`. Versions so far:
 *    - v1: base64url(deflate-raw(UTF-8 JSON of the wire object in wire.ts)).
 *    - v2: the same wire object through a string table, then as v1:
 *      base64url(deflate-raw(JSON of `{"t": [table], "s": wire with
 *      references}`)). Long strings are stored once, and may copy text of
 *      earlier ones, so repeats further back than deflate's 32 KB window
 *      still cost almost nothing. The table, the reference syntax and its
 *      escape are specified in string-table.ts and long-match.ts.
 *    - v3: a built-in example (preset, default sample, lesson) by ref plus
 *      a patch of what changed, with a hash of the example's content
 *      (codec-v3.ts, patch.ts, bases.ts); the other wire fields as in v1.
 *    This build writes v3 when the state starts from built-in content and
 *    the link comes out shorter, else v2; it reads all three.
 * 2. Never rename a field, change its meaning or reorder the keys `toWire`
 *    writes (`request`, `requestText`, `assumptions`, `view`, `probes`); only
 *    append new optional fields. Older readers ignore unknown fields with a
 *    note. `probes` (probe results per model, lib/probes) was appended
 *    without a version bump: a v2 reader without it ignores it with a note.
 * 3. Any change an older reader would misread bumps the prefix (v3, …).
 * 4. Every version ever shipped stays decodable here, forever. Each has a
 *    frozen fixture in `__fixtures__/v<N>.txt` + `.json`, tested in
 *    `codec-compat.test.ts`; never regenerate a fixture to make a test pass.
 * 5. A link from a newer version says so ("made by a newer version") rather
 *    than failing as "damaged" or being half-read.
 * 6. Decoding is bounded (limits.ts) and never throws: every failure is a
 *    `{ success: false, error: { code, message } }` a user can read. For v2
 *    the bounds also cover the table: references and copies are checked,
 *    and the text they expand to is capped like the inflated size.
 * 7. No API key is ever encoded or decoded (secrets.ts, both directions).
 *
 * Legacy deep links `#request=<percent-encoded JSON>` (docs "open in
 * playground") are read by `decodeFragment` under the same bounds.
 */

import { base64urlToBytes, bytesToBase64url } from "./base64url"
import { deflateRaw, inflateRawToText } from "./deflate"
import { parseJsonBounded } from "./json-guard"
import { SHARE_LIMITS, type ShareLimits } from "./limits"
import { stripSecrets } from "./secrets"
import { packStrings, unpackStrings } from "./string-table"
import type {
  DecodeShareResult,
  ShareError,
  ShareErrorCode,
  ShareState,
} from "./types"
import { encodeV3, encodeV3Redacted, readV3 } from "./codec-v3"
import { fromWire, toWire } from "./wire"
import { formatNumber } from "@/lib/format/number"

/** The newest version this build writes (and reads). */
export const SHARE_VERSION = 3

/** Prefix of the full-state links this build writes (no `#`). */
export const SHARE_PREFIX = "v2."

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
 * The canonical JSON of a state's wire object (secrets stripped, defaults
 * omitted, fixed key order): what a link holds, independent of its format
 * version and of the zlib build. Short-link ids hash this.
 */
export function shareStateJson(state: ShareState): string {
  return JSON.stringify(toWire(state).wire)
}

/**
 * Encodes a state as `v2.<base64url(deflate-raw(JSON))>` (no leading `#`).
 * Secrets are stripped first. Rejects only on values JSON cannot represent
 * (cycles, BigInt), which the playground never produces.
 */
export async function encodeShare(state: ShareState): Promise<string> {
  // Through JSON first: the table sees exactly what JSON.stringify would
  // write (toJSON, undefined, -0) and may then rewrite it in place.
  const json = shareStateJson(state)
  const wire = JSON.parse(json) as Record<string, unknown>
  const v3 = state.redactedFrom
    ? await encodeV3Redacted(stripSecrets(state.redactedFrom).value, wire)
    : await encodeV3(wire)
  const doc = packStrings(JSON.parse(json))
  const bytes = new TextEncoder().encode(JSON.stringify(doc))
  const v2 = SHARE_PREFIX + bytesToBase64url(await deflateRaw(bytes))
  return v3 !== null && v3.length < v2.length ? v3 : v2
}

/**
 * Decodes a `v1.…`, `v2.…` or `v3.…` fragment (with or without `#`). Never throws; each
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
  if (n !== 1 && n !== 2 && n !== 3) return fail("damaged")
  // Chat apps that autolink take a closing `)` or `.`, or add `?utm_…`:
  // nothing outside the base64url alphabet belongs to the payload.
  const rest = text.slice(version[0].length)
  const payload = /^[A-Za-z0-9_-]*/.exec(rest)![0]
  const bytes = base64urlToBytes(payload)
  if (!bytes || bytes.length === 0) return fail("damaged")

  const inflated = await inflateRawToText(bytes, {
    maxBytes: limits.maxDecodedBytes,
    deadline,
    now,
  })
  if (!inflated.ok) {
    return inflated.reason === "too_large"
      ? tooLarge(limits)
      : fail(inflated.reason)
  }
  const read = await readJson(
    inflated.text,
    n as 1 | 2 | 3,
    limits,
    now,
    deadline
  )
  if (!read.success || payload.length === rest.length) return read
  return {
    ...read,
    notes: [
      `Ignored ${JSON.stringify(rest.slice(payload.length, payload.length + 40))} after the link (added by a chat app or a copy).`,
      ...read.notes,
    ],
  }
}

const tooMany = (limits: ShareLimits) =>
  fail(
    "too_large",
    `It holds more than ${formatNumber(limits.maxItems)} JSON values.`
  )

const tooLarge = (limits: ShareLimits) =>
  fail(
    "too_large",
    `It expands to more than ${limits.maxDecodedBytes / MiB} MB.`
  )

async function readJson(
  text: string,
  version: 1 | 2 | 3,
  limits: ShareLimits,
  now: () => number,
  deadline: number
): Promise<DecodeShareResult> {
  // v2 wraps the wire object in `{"t", "s"}`: one level more, same budget
  // for the state itself.
  const parsed = parseJsonBounded(
    text,
    limits.maxDepth + (version === 1 ? 0 : 1),
    limits.maxItems
  )
  if (!parsed.ok) {
    if (parsed.reason === "too_many") return tooMany(limits)
    return parsed.reason === "too_deep"
      ? fail("too_deep", `The limit is ${limits.maxDepth} levels.`)
      : fail("damaged")
  }
  if (now() > deadline) return fail("timeout")
  let wire = parsed.value
  const notes: string[] = []
  if (version === 2) {
    const unpacked = unpackStrings(parsed.value, {
      maxChars: limits.maxDecodedBytes,
      deadline,
      now,
    })
    if (!unpacked.ok) {
      if (unpacked.reason === "too_large") return tooLarge(limits)
      return fail(unpacked.reason, unpacked.detail || undefined)
    }
    wire = unpacked.value
    notes.push(...unpacked.notes)
  }
  if (version === 3) {
    const v3 = await readV3(parsed.value)
    if (!v3.ok) return fail(v3.reason, v3.detail)
    wire = v3.wire
    notes.push(...v3.notes)
  }
  const state = fromWire(wire)
  if (!state.ok) return fail("invalid")
  return {
    success: true,
    data: state.data,
    notes: [...notes, ...state.notes],
  }
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
    const parsed = parseJsonBounded(text, limits.maxDepth, limits.maxItems)
    if (!parsed.ok && parsed.reason === "too_many") return tooMany(limits)
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
