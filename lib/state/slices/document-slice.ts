import type { StateCreator } from "zustand/vanilla"

import { parseJsonLocatedNow } from "@/lib/json/on-demand"
import { sameJson } from "@/lib/json/same-json"

import { reparseTouchedValue } from "../incremental-parse"
import { patchTopLevelKey, stringifyRequest } from "../request-text"
import { nextOrigin } from "../origin"
import type {
  DocumentSlice,
  PlaygroundState,
  RequestSource,
  Trial,
} from "../types"
import { pushHistory } from "./history-slice"

/** Top-level keys whose value differs between two request versions. */
function changedKeys(before: unknown, after: unknown): string[] | null {
  if (!isRecord(before) || !isRecord(after)) return null
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...keys].filter((k) => before[k] !== after[k])
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * Whether content from `source` is checked in a worker before the page
 * simulates it (a link or an import is untrusted: types.ts, `Trial`);
 * built-in content ends a check, an edit leaves it as it is.
 */
function trialAfter(source: RequestSource, trial: Trial | null): Trial | null {
  if (source.kind === "share" || source.kind === "deep-link")
    return { from: "link", status: "checking" }
  if (source.kind === "import") return { from: "import", status: "checking" }
  return source.kind === "preset" || source.kind === "lesson" ? null : trial
}

type DocumentSliceCreator = StateCreator<PlaygroundState, [], [], DocumentSlice>
type SetState = Parameters<DocumentSliceCreator>[0]
type GetState = Parameters<DocumentSliceCreator>[1]

/**
 * Keys a form changed since the text was last written; patched lazily so a
 * config change updates the result before the (large) text is rewritten.
 */
interface PendingText {
  keys: string[] | null
  base: unknown
}

/** Text edits: parse the user's text and commit it when it is valid. */
function textActions(
  set: SetState,
  get: GetState
): Pick<DocumentSlice, "setRequestText" | "setRequestTextIfCheap"> {
  /** The new text's request re-using the last one's untouched values, or null. */
  const cheapParse = (text: string): unknown => {
    const { requestText, request, parseError, textPending } = get()
    if (parseError || textPending) return null
    return reparseTouchedValue(requestText, request, text)
  }
  const commitParsed = (text: string, data: unknown) =>
    set((s) =>
      // Only the layout changed (an indent, a line break): the request is
      // the same, so it is not marked edited and makes no undo step.
      s.parseError === null && sameJson(s.request, data)
        ? { requestText: text, request: s.request }
        : {
            requestText: text,
            request: data,
            parseError: null,
            source: { kind: "edit" },
            origin: nextOrigin(s.origin, { kind: "edit" }),
            ...pushHistory(s),
          }
    )

  return {
    setRequestText: (text) => {
      if (text === get().requestText && get().parseError === null) return
      const cheap = cheapParse(text)
      if (cheap) return commitParsed(text, cheap)
      const parsed = parseJsonLocatedNow(text)
      if (!parsed.success) {
        set((s) => ({
          requestText: text,
          parseError: parsed.error,
          origin: nextOrigin(s.origin, { kind: "edit" }),
        }))
        return
      }
      commitParsed(text, parsed.data)
    },

    setRequestTextIfCheap: (text) => {
      if (text === get().requestText && get().parseError === null) return true
      const cheap = cheapParse(text)
      if (!cheap) return false
      commitParsed(text, cheap)
      return true
    },
  }
}

/** Request edits: replace or update the request, rewriting the text lazily. */
function requestActions(
  set: SetState,
  get: GetState,
  pending: PendingText
): Pick<DocumentSlice, "setRequest" | "updateRequest" | "flushPendingText"> {
  return {
    setRequest: (request, source = { kind: "edit" }) => {
      pending.keys = []
      set((s) => ({
        request,
        requestText: stringifyRequest(request),
        parseError: null,
        textPending: false,
        textRevision: s.textRevision + 1,
        source,
        origin: nextOrigin(s.origin, source),
        trial: trialAfter(source, s.trial),
        ...pushHistory(s),
      }))
    },

    updateRequest: (update, options) => {
      const { request, parseError, textPending } = get()
      // Forms edit the last valid request; while the text is invalid they are
      // disabled, so the user's broken text is never overwritten.
      if (parseError || !isRecord(request)) return
      const next = update(request)
      if (next === request) return
      if (!textPending) {
        pending.base = request
        pending.keys = []
      }
      const keys = changedKeys(pending.base, next)
      pending.keys = keys && pending.keys ? keys : null
      set((s) => ({
        request: next,
        textPending: true,
        source: { kind: "edit" },
        origin: nextOrigin(s.origin, { kind: "edit" }),
        ...(options?.continueGesture ? {} : pushHistory(s)),
      }))
    },

    flushPendingText: () => {
      const { textPending, request, requestText, textRevision } = get()
      if (!textPending) return
      let text: string
      try {
        if (!pending.keys || !isRecord(request)) throw new Error("full rewrite")
        text = requestText
        for (const key of pending.keys) {
          text = patchTopLevelKey(text, key, request[key])
        }
      } catch {
        text = stringifyRequest(request)
      }
      pending.keys = []
      set({
        requestText: text,
        textPending: false,
        textRevision: textRevision + 1,
      })
    },
  }
}

/** Assumptions, per-model calibration and the token estimator. */
function estimateActions(
  set: SetState
): Pick<
  DocumentSlice,
  | "setAssumption"
  | "resetAssumptions"
  | "setCalibration"
  | "clearCalibration"
  | "setTokenEstimator"
  | "setEngine"
> {
  return {
    setAssumption: (key, value) =>
      set((s) => ({ assumptions: { ...s.assumptions, [key]: value } })),
    resetAssumptions: () => set({ assumptions: {} }),
    setCalibration: (model, factor) =>
      set((s) => ({
        calibration: { ...s.calibration, [model]: factor },
        calibrationAnswers: {
          ...s.calibrationAnswers,
          [model]: (s.calibrationAnswers[model] ?? 0) + 1,
        },
      })),
    clearCalibration: (model) =>
      set((s) => {
        if (model === undefined)
          return { calibration: {}, calibrationAnswers: {} }
        const { [model]: _f, ...calibration } = s.calibration
        const { [model]: _n, ...calibrationAnswers } = s.calibrationAnswers
        return { calibration, calibrationAnswers }
      }),
    setTokenEstimator: (tokenEstimator) => set({ tokenEstimator }),
    setEngine: (engine) => set({ engine }),
  }
}

export const createDocumentSlice: DocumentSliceCreator = (set, get) => {
  const pending: PendingText = { keys: [], base: undefined }

  return {
    requestText: "{}",
    request: {},
    parseError: null,
    textRevision: 0,
    textPending: false,
    source: { kind: "edit" },
    origin: null,
    assumptions: {},
    calibration: {},
    calibrationAnswers: {},
    tokenEstimator: null,
    engine: null,
    ...textActions(set, get),
    ...requestActions(set, get, pending),
    ...estimateActions(set),
  }
}
