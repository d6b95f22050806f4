/** Teaching presets: every context-editing docs example plus a sample session. */
export { getPreset, PRESETS } from "./presets"
export { definePreset, type Preset } from "./types"
