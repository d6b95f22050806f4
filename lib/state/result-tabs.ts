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

/** Each result view's name, as its tab and the shortcuts list say it. */
export const RESULT_TAB_LABELS: Record<ResultTab, string> = {
  blocks: "Blocks",
  explain: "Explain",
  timeline: "Timeline",
  compare: "Compare",
  tune: "Tune",
  raw: "Raw diff",
  server: "Server",
}
