import type { ProbeRuns } from "@/lib/probes/stored"

import type { PatchNode } from "./patch"

/** Which panel of the playground a shared link opens on. */
export type ShareTab =
  "blocks" | "explain" | "timeline" | "compare" | "raw" | "server" | "tune"

/** UI state that travels with a link; every field is optional. */
export interface ShareView {
  /** Panel to show first. */
  tab?: ShareTab
  /** Whether unchanged blocks start collapsed. */
  collapsed?: boolean
  /** Id of the selected block (e.g. a tool_use id). */
  selected?: string
}

/** Everything a permalink holds. Never an API key (see `stripSecrets`). */
export interface ShareState {
  /** The Messages API request body as an object, or the raw editor text when it does not parse. */
  request: unknown
  /** Raw editor text when it is not valid JSON, so nothing typed is lost. */
  requestText?: string
  /** Engine assumption switches that differ from their defaults. */
  assumptions?: Record<string, unknown>
  /** Optional UI state. */
  view?: ShareView
  /** Probe results per model (appended field; request bodies left out). */
  probes?: ProbeRuns
  /**
   * Set by redactState when the request started from built-in content: the
   * base and the patch from the *redacted* base to the redacted request, so
   * the link names the base instead of carrying its filler (codec-v3.ts).
   * Never in the wire object itself.
   */
  redactedFrom?: RedactedFrom
}

/** A redacted request as a built-in example (redacted) plus a patch. */
export interface RedactedFrom {
  /** The base's ref (bases.ts). */
  ref: string
  /** Hash of the base's (unredacted) content when the link was made. */
  hash: string
  /** redacted base → redacted request; none when they are equal. */
  patch?: PatchNode
}

/** Why a fragment could not be decoded; `message` is written for end users. */
export type ShareErrorCode =
  | "not_share"
  | "damaged"
  | "unsupported_version"
  | "too_large"
  | "too_deep"
  | "timeout"
  | "invalid"

/** A decode failure with a user-facing message. */
export interface ShareError {
  code: ShareErrorCode
  message: string
}

/** Result of `decodeShare` / `decodeFragment`: never throws, notes list repairs. */
export type DecodeShareResult =
  | { success: true; data: ShareState; notes: string[] }
  | { success: false; error: ShareError }
