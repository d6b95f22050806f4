import type { StateCreator } from "zustand/vanilla"

import { stringifyRequest } from "../request-text"
import type { HistorySlice, PlaygroundState } from "../types"
import { nextOrigin } from "../origin"

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
    const { past, future, request, textRevision, origin } = get()
    const previous = past.at(-1)
    if (past.length === 0) return
    set({
      past: past.slice(0, -1),
      future: [request, ...future].slice(0, HISTORY_LIMIT),
      request: previous,
      requestText: stringifyRequest(previous),
      parseError: null,
      textPending: false,
      textRevision: textRevision + 1,
      source: { kind: "edit" },
      origin: nextOrigin(origin, { kind: "edit" }),
    })
  },
  redo: () => {
    const { past, future, request, textRevision, origin } = get()
    const next = future[0]
    if (future.length === 0) return
    set({
      past: [...past, request].slice(-HISTORY_LIMIT),
      future: future.slice(1),
      request: next,
      requestText: stringifyRequest(next),
      parseError: null,
      textPending: false,
      textRevision: textRevision + 1,
      source: { kind: "edit" },
      origin: nextOrigin(origin, { kind: "edit" }),
    })
  },
})

/** The history fields to set when `request` is replaced by a new version. */
export function pushHistory(
  state: Pick<PlaygroundState, "past" | "request">
): Pick<PlaygroundState, "past" | "future"> {
  return {
    past: [...state.past, state.request].slice(-HISTORY_LIMIT),
    future: [],
  }
}
