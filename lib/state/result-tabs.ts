import type { ResultTab } from "./types"

/** The result views in tab order (Alt+1 … Alt+6 open them). */
export const RESULT_TABS: readonly ResultTab[] = [
  "blocks",
  "explain",
  "timeline",
  "compare",
  "raw",
  "server",
]
