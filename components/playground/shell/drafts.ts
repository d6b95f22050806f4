"use client"

import type { StorageValue } from "zustand/middleware"

import type { PersistedState } from "@/lib/state"
import { stripSecrets } from "@/lib/share/secrets"

/**
 * Drafts: what each tab last held, in localStorage, so closing a tab (or
 * its crash) loses nothing. Each tab writes only its own draft
 * (`cep.draft.v1:<tab id>`), so two tabs never overwrite each other's; a
 * bare `cep.draft.v1` is an older page's single draft. A new tab that opens
 * on the sample offers the newest draft of a tab that is no longer open
 * (each open tab holds a Web Lock named after its id, released when it
 * closes or crashes) and never writes a draft of its own before its user
 * changes something. Credential-like text is masked before it is written.
 */
export const DRAFT_KEY = "cep.draft.v1"
/** sessionStorage: this tab's id (kept across reloads of the tab). */
const TAB_KEY = "cep.tab.v1"
const LOCK_PREFIX = "cep.tab:"
/** Drafts kept for closed tabs; older ones are dropped. */
const MAX_DRAFTS = 8

export interface Draft {
  /** The tab that wrote it ("legacy" for the older single draft). */
  tab: string
  savedAt: number
  value: StorageValue<PersistedState>
}

let tabId: string | null = null

const newId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(16).padStart(2, "0")
  ).join("")

/** Holds the tab's lock until the page dies; false when another tab holds it. */
function holdLock(id: string, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    navigator.locks
      .request(
        LOCK_PREFIX + id,
        { signal: AbortSignal.timeout(waitMs) },
        () => {
          resolve(true)
          return new Promise<never>(() => undefined)
        }
      )
      .catch(() => resolve(false))
  })
}

/**
 * Claims this tab's id: the one its sessionStorage kept (a reload), unless
 * another open tab holds it (a duplicated tab copies sessionStorage), then
 * a new one. The previous page of a reload may still hold the lock for a
 * moment, hence the short wait.
 */
export async function claimTab(): Promise<string> {
  let id = sessionStorage.getItem(TAB_KEY) ?? newId()
  if (typeof navigator !== "undefined" && navigator.locks) {
    if (!(await holdLock(id, 500))) {
      id = newId()
      await holdLock(id, 500)
    }
  }
  sessionStorage.setItem(TAB_KEY, id)
  tabId = id
  return id
}

/** The ids of the tabs open now (in this browser profile). */
async function openTabs(): Promise<Set<string>> {
  if (typeof navigator === "undefined" || !navigator.locks) return new Set()
  const { held = [] } = await navigator.locks.query()
  return new Set(
    held
      .map((l) => l.name ?? "")
      .filter((n) => n.startsWith(LOCK_PREFIX))
      .map((n) => n.slice(LOCK_PREFIX.length))
  )
}

function parseDraft(tab: string, raw: string | null): Draft | null {
  try {
    const d = raw ? (JSON.parse(raw) as Partial<Draft>) : null
    if (
      typeof d?.savedAt !== "number" ||
      typeof d.value?.state?.requestText !== "string"
    )
      return null
    return { tab, savedAt: d.savedAt, value: d.value }
  } catch {
    return null
  }
}

const keyOf = (tab: string) =>
  tab === "legacy" ? DRAFT_KEY : `${DRAFT_KEY}:${tab}`

/** Every stored draft, newest first. */
function allDrafts(): Draft[] {
  const drafts: Draft[] = []
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key === DRAFT_KEY || key?.startsWith(`${DRAFT_KEY}:`)) {
        const tab =
          key === DRAFT_KEY ? "legacy" : key.slice(DRAFT_KEY.length + 1)
        const draft = parseDraft(tab, localStorage.getItem(key))
        if (draft) drafts.push(draft)
      }
    }
  } catch {
    // blocked storage: no drafts
  }
  return drafts.sort((a, b) => b.savedAt - a.savedAt)
}

function removeDraftOf(tab: string) {
  try {
    localStorage.removeItem(keyOf(tab))
  } catch {
    // blocked storage: nothing to remove
  }
}

/** Drops the oldest drafts of closed tabs beyond `keep` (never this tab's). */
function prune(keep: number, open: Set<string>) {
  const closed = allDrafts().filter((d) => d.tab !== tabId && !open.has(d.tab))
  for (const d of closed.slice(keep)) removeDraftOf(d.tab)
}

/**
 * A link's state or an example, not yet changed: reopening the link or the
 * example reproduces it, so it is not worth a draft.
 */
export function isUntouched(state: PersistedState): boolean {
  const origin = state.origin
  if (!origin || origin.edited) return false
  const kind = origin.source.kind
  if (kind === "share" || kind === "deep-link") return true
  return (
    (kind === "preset" || kind === "lesson") &&
    Object.keys(state.assumptions ?? {}).length === 0
  )
}

/** Writes this tab's draft (a no-op before the tab has its id or when untouched). */
export function saveDraft(value: StorageValue<PersistedState>) {
  if (!tabId || isUntouched(value.state)) return
  const text = JSON.stringify({
    savedAt: Date.now(),
    value: stripSecrets(value).value,
  })
  const key = keyOf(tabId)
  try {
    localStorage.setItem(key, text)
  } catch {
    // Over the quota: make room among closed tabs' drafts, try once more.
    prune(0, new Set())
    try {
      localStorage.setItem(key, text)
    } catch {
      // The tab's own autosave (sessionStorage) still holds it.
    }
  }
}

/** Forgets this tab's draft and the older single draft (Reset). */
export function clearDraft() {
  if (tabId) removeDraftOf(tabId)
  removeDraftOf("legacy")
}

let offered: Draft | null = null

/**
 * The draft a new tab offers: the newest of a tab that is not open any
 * more and that differs from what this tab opened with (`sampleText`).
 */
export async function draftToOffer(sampleText: string): Promise<Draft | null> {
  const open = await openTabs()
  prune(MAX_DRAFTS, open)
  offered =
    allDrafts().find(
      (d) =>
        d.tab !== tabId &&
        !open.has(d.tab) &&
        d.value.state.requestText !== sampleText
    ) ?? null
  return offered
}

/**
 * Takes the offered draft over: this tab becomes its owner (its draft is
 * written under this tab's id at once, then the closed tab's is removed),
 * and the value is returned for the caller to apply.
 */
export function adoptOfferedDraft(): StorageValue<PersistedState> | null {
  const draft = offered
  if (!draft) return null
  offered = null
  if (tabId) {
    try {
      localStorage.setItem(
        keyOf(tabId),
        JSON.stringify({ savedAt: draft.savedAt, value: draft.value })
      )
      removeDraftOf(draft.tab)
    } catch {
      // Quota: the closed tab's draft stays where it is.
    }
  }
  return draft.value
}
