import type { ResultTab } from "./types"

/** The result views in tab order (Alt+1 … Alt+7 open them). */
export const RESULT_TABS: readonly ResultTab[] = [
  "blocks",
  "explain",
  "timeline",
  "compare",
  "tune",
  "raw",
  "server",
]
