// The JSON object a v1 link carries, and its mapping to/from ShareState.
// codec.ts owns the compatibility rules; this file only implements them.

import { probeRunsForLink, readProbeRuns } from "@/lib/probes/stored"

import { stripSecrets } from "./secrets"
import type { ShareState, ShareTab, ShareView } from "./types"
import { isRecord as isPlainObject } from "@/lib/json/is-record"

// The wire's own list (not the UI's RESULT_TABS): a link names a tab, and a
// tab renamed in the UI must keep the name old links use.
export const TABS: readonly ShareTab[] = [
  "blocks",
  "explain",
  "timeline",
  "compare",
  "raw",
  "server",
  "tune",
]

function compactView(view: ShareView | undefined): ShareView | undefined {
  if (!view) return undefined
  const out: ShareView = {}
  if (view.tab !== undefined) out.tab = view.tab
  if (view.collapsed !== undefined) out.collapsed = view.collapsed
  if (view.selected !== undefined) out.selected = view.selected
  return Object.keys(out).length > 0 ? out : undefined
}

/**
 * Builds the v1 wire object: fixed key order (so equal states give equal
 * bytes and equal short-link ids), defaults omitted, secrets stripped.
 * When the request is raw text, it is sent once, as `requestText`.
 */
export function toWire(state: ShareState): {
  wire: Record<string, unknown>
  removed: string[]
} {
  const wire: Record<string, unknown> = {}
  const rawOnly =
    typeof state.request === "string" && state.request === state.requestText
  if (!rawOnly) wire.request = state.request ?? null
  if (typeof state.requestText === "string") {
    wire.requestText = state.requestText
  }
  if (state.assumptions && Object.keys(state.assumptions).length > 0) {
    wire.assumptions = state.assumptions
  }
  const view = compactView(state.view)
  if (view) wire.view = view
  if (state.probes && Object.keys(state.probes).length > 0)
    wire.probes = probeRunsForLink(state.probes)
  const { value, removed } = stripSecrets(wire)
  return { wire: value, removed }
}

/** Result of reading a wire object. */
export type FromWireResult =
  { ok: true; data: ShareState; notes: string[] } | { ok: false }

/**
 * Reads a decoded wire object into a ShareState, repairing what it can
 * (an unknown tab is dropped, not fatal) and listing each repair in `notes`.
 */
export function fromWire(raw: unknown): FromWireResult {
  if (!isPlainObject(raw)) return { ok: false }
  const notes: string[] = []
  const { value: wire, removed } = stripSecrets(raw)
  if (removed.length > 0) {
    notes.push(
      `Removed ${removed.length} credential-like value${removed.length === 1 ? "" : "s"} from the link (${removed.slice(0, 3).join(", ")}${removed.length > 3 ? ", …" : ""}).`
    )
  }

  const hasRequest = "request" in wire
  const requestText =
    typeof wire.requestText === "string" ? wire.requestText : undefined
  if ("requestText" in wire && requestText === undefined) {
    notes.push("Ignored a request text that was not a string.")
  }
  if (!hasRequest && requestText === undefined) return { ok: false }

  const data: ShareState = {
    request: hasRequest ? wire.request : requestText,
  }
  if (requestText !== undefined) data.requestText = requestText

  if ("assumptions" in wire) {
    if (isPlainObject(wire.assumptions)) data.assumptions = wire.assumptions
    else notes.push("Ignored assumption settings that were not an object.")
  }

  if ("view" in wire) {
    const view = readView(wire.view, notes)
    if (view) data.view = view
  }

  if ("probes" in wire) {
    const probes = readProbeRuns(wire.probes)
    if (probes) data.probes = probes
    else notes.push("Ignored probe results that were not an object.")
  }

  const known = new Set([
    "request",
    "requestText",
    "assumptions",
    "view",
    "probes",
  ])
  const unknown = Object.keys(wire).filter((key) => !known.has(key))
  if (unknown.length > 0) {
    notes.push(
      `Ignored settings this version does not know: ${unknown.slice(0, 5).map(preview).join(", ")}${unknown.length > 5 ? ", …" : ""}.`
    )
  }
  return { ok: true, data, notes }
}

// Notes quote untrusted values, so keep the quote short.
function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

function readView(raw: unknown, notes: string[]): ShareView | undefined {
  if (!isPlainObject(raw)) {
    notes.push("Ignored view settings that were not an object.")
    return undefined
  }
  const view: ShareView = {}
  if (raw.tab !== undefined) {
    if (TABS.includes(raw.tab as ShareTab)) view.tab = raw.tab as ShareTab
    else notes.push(`Ignored an unknown tab: ${preview(raw.tab)}.`)
  }
  if (raw.collapsed !== undefined) {
    if (typeof raw.collapsed === "boolean") view.collapsed = raw.collapsed
    else notes.push("Ignored a collapsed setting that was not true or false.")
  }
  if (raw.selected !== undefined) {
    if (typeof raw.selected === "string") view.selected = raw.selected
    else notes.push("Ignored a selection that was not a string.")
  }
  return compactView(view)
}
