/**
 * v3 links: a built-in example (a preset, the default sample, a lesson) by
 * its ref plus what changed, so a sample with a changed config fits in a
 * chat message. `v3.<base64url(deflate-raw(JSON))>`, the JSON being
 *
 *   { "b": "p:research-agent",   // the base (bases.ts)
 *     "h": "1x2y3z",             // hash of the base's content when linked
 *     "r": 1,                    // optional: the base redacted (redact.ts)
 *     "p": <patch node>,         // base request → linked request (patch.ts)
 *     "w": { …wire fields but request } }   // assumptions, view, probes
 *
 * The reader applies the patch to the base this build has. When the hash
 * differs (the example changed in a later release), the link still opens
 * on the current example with its changes, and says so: it may differ
 * from what the author saw. A base this build does not have fails with a
 * message. Everything else follows codec.ts's rules (bounded, never throws).
 */
import { bytesToBase64url } from "./base64url"
import { findBase, shareBases, type ShareBase } from "./bases"
import { deflateRaw } from "./deflate"
import { applyPatch, diffJson, isPatchNode, type PatchNode } from "./patch"
import type { RedactedFrom } from "./types"

export const V3_PREFIX = "v3."

/** The base whose patch to `request` is smallest, if it beats the whole request. */
export function nearestBase(
  request: unknown
): { base: ShareBase; patch: PatchNode | undefined } | null {
  const whole = JSON.stringify(request).length
  let best: {
    base: ShareBase
    patch: PatchNode | undefined
    size: number
  } | null = null
  for (const base of shareBases()) {
    const patch = diffJson(base.request, request)
    const size = patch ? JSON.stringify(patch).length : 0
    if (size < whole / 2 && (!best || size < best.size))
      best = { base, patch, size }
  }
  return best
}

/**
 * The v3 payload of a wire object whose request starts from built-in
 * content, or null when none does (the caller writes v2).
 */
export async function encodeV3(
  wire: Record<string, unknown>
): Promise<string | null> {
  const request = wire.request
  if (typeof request !== "object" || request === null || "requestText" in wire)
    return null
  const found = nearestBase(request)
  if (!found) return null
  const { request: _request, ...rest } = wire
  const doc = {
    b: found.base.ref,
    h: found.base.hash,
    ...(found.patch ? { p: found.patch } : {}),
    ...(Object.keys(rest).length ? { w: rest } : {}),
  }
  const bytes = new TextEncoder().encode(JSON.stringify(doc))
  return V3_PREFIX + bytesToBase64url(await deflateRaw(bytes))
}

/**
 * The v3 payload of a redacted request that started from built-in content
 * (ShareState.redactedFrom): the base by ref, redacted by the reader.
 */
export async function encodeV3Redacted(
  from: RedactedFrom,
  wire: Record<string, unknown>
): Promise<string> {
  const { request: _request, ...rest } = wire
  const doc = {
    b: from.ref,
    h: from.hash,
    r: REDACTION_VERSION,
    ...(from.patch ? { p: from.patch } : {}),
    ...(Object.keys(rest).length ? { w: rest } : {}),
  }
  const bytes = new TextEncoder().encode(JSON.stringify(doc))
  return V3_PREFIX + bytesToBase64url(await deflateRaw(bytes))
}

/**
 * The redaction a `"r"` link was made with: the reader redacts the base the
 * same way (redact.ts is deterministic, string by string). Bump it when the
 * filler changes, so an older link says it may differ.
 */
export const REDACTION_VERSION = 1

/** A v3 document read back: the wire object, or why it cannot be. */
export type V3Read =
  | { ok: true; wire: Record<string, unknown>; notes: string[] }
  | { ok: false; reason: "damaged" | "invalid"; detail?: string }

/** Rebuilds the wire object of a parsed v3 document. */
export async function readV3(doc: unknown): Promise<V3Read> {
  if (typeof doc !== "object" || doc === null || Array.isArray(doc))
    return { ok: false, reason: "damaged" }
  const { b, h, p, r, w } = doc as Record<string, unknown>
  if (
    typeof b !== "string" ||
    (p !== undefined && !isPatchNode(p)) ||
    (r !== undefined && typeof r !== "number")
  )
    return { ok: false, reason: "damaged" }
  if (
    w !== undefined &&
    (typeof w !== "object" || w === null || Array.isArray(w))
  )
    return { ok: false, reason: "damaged" }
  const base = findBase(b)
  if (!base)
    return {
      ok: false,
      reason: "invalid",
      detail: `It starts from a built-in example ("${b.slice(0, 60)}") this version does not have.`,
    }
  const notes =
    h === base.hash && (r === undefined || r === REDACTION_VERSION)
      ? []
      : [
          `This link was made from an earlier version of the built-in example “${base.title}”; its changes were applied to the current version, so it may differ from what the author saw.`,
        ]
  // A copy of the cached redacted base: the patch shares what it keeps.
  const from =
    r === undefined ? base.request : structuredClone(await redactedBase(base))
  const request = applyPatch(from, p as PatchNode | undefined)
  return { ok: true, wire: { ...(w as object), request }, notes }
}

/**
 * A base's request redacted (loads the redaction and its BPE on demand),
 * once per base: the bases are few, and a server that checks links must not
 * redact the same example for every link it is sent.
 */
const redactedBases = new Map<string, Promise<unknown>>()
function redactedBase(base: ShareBase): Promise<unknown> {
  let found = redactedBases.get(base.ref)
  if (!found) {
    found = import("./redact").then(({ redactRequestOnly }) =>
      redactRequestOnly(base.request)
    )
    redactedBases.set(base.ref, found)
  }
  return found
}
