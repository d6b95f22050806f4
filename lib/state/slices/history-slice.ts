import type { StateCreator } from "zustand/vanilla"

import { stringifyRequest } from "../request-text"
import type { HistorySlice, PlaygroundState } from "../types"
import { nextOrigin } from "../origin"
import { trialOnReturn } from "./trial-slice"

/** How many request versions undo can go back. */
export const HISTORY_LIMIT = 100

/**
 * Undo/redo over committed request versions. Versions share structure with
 * each other (the engine never mutates), so keeping 100 costs little memory.
 */
export const createHistorySlice: StateCreator<
  PlaygroundState,
  [],
  [],
  HistorySlice
> = (set, get) => ({
  past: [],
  future: [],
  undo: () => {
    const { past, future, request } = get()
    if (past.length === 0) return
    set(
      restored(get(), {
        past: past.slice(0, -1),
        future: [request, ...future].slice(0, HISTORY_LIMIT),
        request: past.at(-1),
      })
    )
  },
  redo: () => {
    const { past, future, request } = get()
    if (future.length === 0) return
    set(
      restored(get(), {
        past: [...past, request].slice(-HISTORY_LIMIT),
        future: future.slice(1),
        request: future[0],
      })
    )
  },
})

/**
 * The state after undo or redo moved the history to `moved`: its request
 * shown again as fresh text, as an edit.
 */
function restored(
  state: Pick<PlaygroundState, "textRevision" | "origin" | "trial">,
  moved: Pick<PlaygroundState, "past" | "future" | "request">
): Partial<PlaygroundState> {
  return {
    ...moved,
    trial: trialOnReturn(moved.request, state.trial),
    requestText: stringifyRequest(moved.request),
    parseError: null,
    textPending: false,
    textRevision: state.textRevision + 1,
    source: { kind: "edit" },
    origin: nextOrigin(state.origin, { kind: "edit" }),
  }
}

/** The history fields to set when `request` is replaced by a new version. */
export function pushHistory(
  state: Pick<PlaygroundState, "past" | "request">
): Pick<PlaygroundState, "past" | "future"> {
  return {
    past: [...state.past, state.request].slice(-HISTORY_LIMIT),
    future: [],
  }
}
