"use client"

import type { PersistStorage, StorageValue } from "zustand/middleware"

import {
  createPlaygroundStore,
  PERSIST_KEY,
  type PersistedState,
  type PlaygroundStore,
  type RequestSource,
} from "@/lib/state"

import {
  refineEnabled,
  setRefineStatus,
} from "@/components/tokens/refine-status"

import {
  adoptOfferedDraft,
  claimTab,
  clearDraft,
  draftToOffer,
  saveDraft,
} from "./drafts"
import { applyFragment } from "../share/hash-links"
import { readFragment } from "../share/read-link"
import { AUTOSAVE_MAX_CHARS } from "../store/browser-storage"
import { loadDefaultSample } from "./default-sample"
import { loadEngine, startEngine } from "../store/engine"
import { onPageExit } from "../store/page-exit"
import { watchTrials } from "../store/trial-check"

const BOOT_KEY = "cep.boot"
const CALIBRATION_KEY = "cep.calibration"
/** Probe results per model (what the user's API settled); never the key. */
const PROBES_KEY = "cep.probes.v1"
const SAVE_DELAY_MS = 400

export interface InitOutcome {
  store: PlaygroundStore
  /** A message for the user about how the page was opened (errors included). */
  notice: { kind: "info" | "error"; text: string } | null
  /** Set when the previous session's autosave was not restored on purpose. */
  skippedRestore: boolean
  /** When a new tab opened on the sample and another tab's draft can be restored: its time. */
  draftSavedAt?: number | null
}

/** Whether two saved states hold the same values field by field (by identity). */
function sameFields(a: PersistedState, b: PersistedState): boolean {
  const keys = Object.keys(a) as (keyof PersistedState)[]
  return (
    keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k])
  )
}

/**
 * Per-tab autosave in sessionStorage, and this tab's draft (drafts.ts).
 * Writes are debounced so typing in a multi-megabyte request does not
 * stringify it on every keystroke, and flushed at once when the page is
 * hidden or unloaded (a reload or close right after a keystroke keeps it);
 * a request too large for the quota is skipped, with a warning.
 */
function sessionStorageAutosave(): PersistStorage<PersistedState> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: StorageValue<PersistedState> | null = null
  let due: StorageValue<PersistedState> | null = null
  const write = () => {
    clearTimeout(timer)
    const value = due
    due = null
    pending = null
    if (!value) return
    try {
      sessionStorage.setItem(PERSIST_KEY, JSON.stringify(value))
    } catch {
      console.warn("Autosave skipped: the request is too large to keep.")
    }
    saveDraft(value)
  }
  onPageExit("storage", write)
  return {
    getItem: (name) => {
      const raw = sessionStorage.getItem(name)
      if (!raw) return null
      try {
        return JSON.parse(raw) as StorageValue<PersistedState>
      } catch {
        return null
      }
    },
    setItem: (name, value) => {
      // A change outside the saved fields (e.g. the token estimator) leaves
      // them as they were: the pending write stays as scheduled.
      if (pending !== null && sameFields(pending.state, value.state)) return
      pending = value
      clearTimeout(timer)
      if (value.state.requestText.length > AUTOSAVE_MAX_CHARS) {
        // An older autosave would silently come back on reload: drop it. The
        // conversation toolbar tells the user autosave is off for this size.
        due = null
        sessionStorage.removeItem(name)
        return
      }
      due = value
      timer = setTimeout(write, SAVE_DELAY_MS)
    },
    removeItem: (name) => sessionStorage.removeItem(name),
  }
}

function readCalibration(): Record<string, number> {
  try {
    const raw = localStorage.getItem(CALIBRATION_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    if (typeof parsed !== "object" || parsed === null) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (e): e is [string, number] =>
          typeof e[1] === "number" && Number.isFinite(e[1]) && e[1] > 0
      )
    )
  } catch {
    return {}
  }
}

function readProbeRuns(): unknown {
  try {
    const raw = localStorage.getItem(PROBES_KEY)
    return raw ? JSON.parse(raw) : null
  } catch {
    return null
  }
}

/** Marks the boot as finished; a boot that never finishes is not restored again. */
export function markBootComplete() {
  sessionStorage.removeItem(BOOT_KEY)
}

/** Forgets the autosaved state of this tab and its draft (the Reset action). */
export function clearAutosave() {
  sessionStorage.removeItem(PERSIST_KEY)
  sessionStorage.removeItem(BOOT_KEY)
  clearDraft()
}

/**
 * Builds the store for this tab: this tab's autosave (unless the last boot
 * with it never finished, e.g. it froze the page), else the default sample;
 * then a share or deep link in the URL fragment, opened over it as one
 * undoable change.
 */
export async function initPlaygroundStore(): Promise<InitOutcome> {
  // The engine's code starts loading now, beside the link and the sample
  // (a failure here is retried when the store asks for it).
  loadEngine().catch(() => undefined)
  // This tab's id and lock (drafts.ts); drafts are written once it is known.
  void claimTab()
  // A page that can still run its pagehide handlers did not freeze.
  onPageExit("storage", markBootComplete)
  const storage = sessionStorageAutosave()
  const calibration = readCalibration()
  const make = (request: unknown, source: RequestSource) => {
    const store = createPlaygroundStore({
      request,
      source,
      storage,
      calibration,
    })
    store.getState().mergeProbeRuns(readProbeRuns())
    store.subscribe((s, prev) => {
      if (s.calibration !== prev.calibration) {
        localStorage.setItem(CALIBRATION_KEY, JSON.stringify(s.calibration))
      }
      if (s.probeRuns !== prev.probeRuns) {
        try {
          localStorage.setItem(PROBES_KEY, JSON.stringify(s.probeRuns))
        } catch {
          console.warn("Probe results not kept: browser storage is full.")
        }
      }
    })
    // BPE refinement of the token counts: loaded after the first paint,
    // unless the user turned it off (the estimate/counted mark toggles it).
    const refiner = refineEnabled()
      ? import("@/components/tokens/refiner")
      : null
    if (refiner) void refiner.then((m) => m.startRefinement(store))
    else setRefineStatus({ state: "off" })
    // The engine loads after the first paint; until it is there the result
    // region says it is computing.
    startEngine(store)
    // A link or an import is simulated in a worker first, with a deadline.
    watchTrials(store)
    return store
  }

  const fragment = await readFragment(window.location.hash)
  // What the tab holds (its autosave, else the sample) is opened first even
  // when a link is opened, so the link replaces it as one undoable change.
  const base = await restoreOrSample(make)
  if (!fragment) return base
  // A broken link never replaces the user's current work.
  if (!fragment.success)
    return { ...base, notice: { kind: "error", text: fragment.error } }
  history.replaceState(null, "", window.location.pathname)
  return {
    store: base.store,
    notice: applyFragment(base.store, fragment),
    skippedRestore: base.skippedRestore,
  }
}

async function restoreOrSample(
  make: (request: unknown, source: RequestSource) => PlaygroundStore
): Promise<InitOutcome> {
  const sample = await loadDefaultSample()
  const store = make(sample.request, {
    kind: "preset",
    id: sample.id,
    title: sample.title,
  })
  const hasSaved = sessionStorage.getItem(PERSIST_KEY) !== null
  if (!hasSaved) {
    // A new tab: offer the newest draft of a closed tab, unless it is this sample.
    const draft = await draftToOffer(store.getState().requestText)
    return {
      store,
      notice: null,
      skippedRestore: false,
      draftSavedAt: draft?.savedAt ?? null,
    }
  }
  if (sessionStorage.getItem(BOOT_KEY) === "pending") {
    return { store, notice: null, skippedRestore: true }
  }
  sessionStorage.setItem(BOOT_KEY, "pending")
  await store.persist.rehydrate()
  return { store, notice: null, skippedRestore: false }
}

/**
 * Applies this tab's saved state now, guarded like a boot: if it freezes the
 * page, the next load skips it; once it has rendered, the guard is lifted.
 */
async function rehydrateGuarded(store: PlaygroundStore) {
  sessionStorage.setItem(BOOT_KEY, "pending")
  await store.persist.rehydrate()
  setTimeout(markBootComplete, 1500)
}

/** Restores the offered draft of a closed tab into this one (drafts.ts). */
export async function restoreDraft(store: PlaygroundStore) {
  const value = adoptOfferedDraft()
  if (!value) return
  sessionStorage.setItem(PERSIST_KEY, JSON.stringify(value))
  await rehydrateGuarded(store)
}

/** Restores the autosave that was skipped after an unfinished boot. */
export const restoreSkipped = rehydrateGuarded
