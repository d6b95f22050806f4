import type { StateCreator } from "zustand/vanilla"

import type { PlaygroundState, ViewSlice } from "../types"

export const createViewSlice: StateCreator<
  PlaygroundState,
  [],
  [],
  ViewSlice
> = (set) => ({
  inputMode: "json",
  resultTab: "blocks",
  narrowRegion: "result",
  showUnchanged: false,
  selectedBlock: null,
  setInputMode: (inputMode) => set({ inputMode }),
  setResultTab: (resultTab) => set({ resultTab }),
  setNarrowRegion: (narrowRegion) => set({ narrowRegion }),
  setShowUnchanged: (showUnchanged) => set({ showUnchanged }),
  selectBlock: (selectedBlock) => set({ selectedBlock }),
})
