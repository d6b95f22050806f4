"use client"

import type { PlaygroundStore } from "@/lib/state"

import { clearAutosave } from "./init-store"
import { loadDefaultSample } from "./default-sample"

/** Reset, after asking: forgets the saved state and reopens the sample. */
export function resetToSample(store: PlaygroundStore) {
  if (
    !window.confirm(
      "Reset to the sample? Your current request and edits in this tab are discarded."
    )
  )
    return
  clearAutosave()
  void loadDefaultSample().then((s) => {
    store.getState().resetAssumptions()
    store.getState().setRequest(s.request, {
      kind: "preset",
      id: s.id,
      title: s.title,
    })
  })
}
