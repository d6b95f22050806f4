import { persist, type PersistStorage } from "zustand/middleware"
import { createStore, type StoreApi } from "zustand/vanilla"

import { loadJsonTools, parseJsonLocatedNow } from "@/lib/json/on-demand"

import { asOrigin, nextOrigin, persistedOrigin, restoredOrigin } from "./origin"
import { stringifyRequest } from "./request-text"
import { createDocumentSlice } from "./slices/document-slice"
import { createHistorySlice } from "./slices/history-slice"
import { createProbesSlice } from "./slices/probes-slice"
import { createTrialSlice } from "./slices/trial-slice"
import { createViewSlice } from "./slices/view-slice"
import type { PlaygroundEngine, PlaygroundState, RequestSource } from "./types"

/** What survives a reload of the tab (never an API key: none is in the store). */
export type PersistedState = Pick<
  PlaygroundState,
  | "requestText"
  | "assumptions"
  | "inputMode"
  | "resultTab"
  | "showUnchanged"
  | "origin"
>

export const PERSIST_KEY = "cep.autosave.v1"

// Tests and refused restores run without autosave.
const NO_STORAGE: PersistStorage<PersistedState> = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
}

export interface CreatePlaygroundStoreOptions {
  /** The request the page opens with (a sample, a share link, a deep link). */
  request?: unknown
  source?: RequestSource
  /** Where autosave goes; omitted in tests and when restore is refused. */
  storage?: PersistStorage<PersistedState>
  /** Per-model estimate factors (persisted by the caller). */
  calibration?: Record<string, number>
  /** The engine, when it is at hand (tests, scripts); the page sets it once loaded. */
  engine?: PlaygroundEngine
}

/** Creates one playground store (one per mount; React binds it in the provider). */
export function createPlaygroundStore(
  options: CreatePlaygroundStoreOptions = {}
) {
  const initialRequest = options.request ?? {}
  const initial = {
    request: initialRequest,
    requestText: stringifyRequest(initialRequest),
    source: options.source ?? { kind: "edit" },
    origin: nextOrigin(null, options.source ?? { kind: "edit" }),
    calibration: options.calibration ?? {},
    engine: options.engine ?? null,
  } satisfies Partial<PlaygroundState>

  const store = createStore<PlaygroundState>()(
    persist(
      (...a) => ({
        ...createDocumentSlice(...a),
        ...createViewSlice(...a),
        ...createHistorySlice(...a),
        ...createProbesSlice(...a),
        ...createTrialSlice(...a),
        ...initial,
      }),
      {
        name: PERSIST_KEY,
        storage: options.storage ?? NO_STORAGE,
        skipHydration: true,
        partialize: (s): PersistedState => ({
          requestText: s.requestText,
          assumptions: s.assumptions,
          inputMode: s.inputMode,
          resultTab: s.resultTab,
          showUnchanged: s.showUnchanged,
          origin: persistedOrigin(s.origin),
        }),
        // The saved text may be invalid JSON: keep it as typed and derive the
        // request from it when it parses.
        merge: (persisted, current) => {
          const saved = (persisted ?? {}) as Partial<PersistedState>
          if (typeof saved.requestText !== "string") return current
          const parsed = parseJsonLocatedNow(saved.requestText)
          return {
            ...current,
            ...saved,
            requestText: saved.requestText,
            request: parsed.success ? parsed.data : current.request,
            parseError: parsed.success ? null : parsed.error,
            textRevision: current.textRevision + 1,
            source: { kind: "autosave" },
            origin: restoredOrigin(
              asOrigin(saved.origin),
              parsed.success ? parsed.data : null
            ),
          }
        },
      }
    )
  )
  locatePendingParseErrors(store)
  return store
}

export type PlaygroundStore = ReturnType<typeof createPlaygroundStore>

/**
 * An invalid text parsed before the error locator loaded carries a pending
 * error ("finding where…"): once the locator is there, the same text gets its
 * line and column. A text changed meanwhile was parsed again anyway.
 */
/** The locator's chunk failed to load (offline): the error stays "invalid", unlocated. */
const keepPending = () => undefined

function locatePendingParseErrors(store: StoreApi<PlaygroundState>) {
  const locate = ({ parseError, requestText }: PlaygroundState) => {
    if (!parseError?.pending) return
    void loadJsonTools().then(({ parseJsonLocated }) => {
      const now = store.getState()
      if (now.requestText !== requestText || !now.parseError?.pending) return
      const parsed = parseJsonLocated(requestText)
      if (!parsed.success) store.setState({ parseError: parsed.error })
    }, keepPending)
  }
  store.subscribe(locate)
  locate(store.getState())
}
