import type * as ContextEditing from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"
import type { LocatedJsonError } from "@/lib/json/parse-located"
import type { ProbeRuns, StoredProbeRun } from "@/lib/probes"
import type { TokenEstimator } from "@/lib/tokens"

/**
 * The engine (`@/lib/context-editing`) as the store holds it. The page loads
 * it after its first paint (its code is not in the first-load JS); tests and
 * scripts pass it in.
 */
export type PlaygroundEngine = typeof ContextEditing

/** Where the request in the store last came from (shown to the user). */
export type RequestSource =
  | { kind: "preset"; id: string; title?: string }
  | { kind: "lesson"; id: string; title?: string }
  | { kind: "share" }
  | { kind: "deep-link" }
  /** Compose's "Start a blank conversation". */
  | { kind: "blank" }
  | {
      kind: "import"
      summary: string
      /** A Claude Code log's real per-request usage (kept while the conversation is edited). */
      realUsage?: RealUsage[]
    }
  | { kind: "autosave" }
  | { kind: "edit" }

export interface RequestOrigin {
  source: Exclude<RequestSource, { kind: "edit" } | { kind: "autosave" }>
  edited: boolean
}

export type InputMode = "json" | "compose"
export type ResultTab =
  "blocks" | "explain" | "timeline" | "compare" | "tune" | "raw" | "server"
export type Region = "conversation" | "edits" | "result"

export interface BlockRef {
  messageIndex: number
  blockIndex: number
}

export interface DocumentSlice {
  /** What the JSON editor holds, exactly as typed (never discarded). */
  requestText: string
  /** The last request that parsed; drives the result while the text is invalid. */
  request: unknown
  /** Set while `requestText` does not parse: the result is then stale. */
  parseError: LocatedJsonError | null
  /** Bumped when the store (not the editor) rewrote `requestText`. */
  textRevision: number
  /** True while a form change has not yet been written back into the text. */
  textPending: boolean
  source: RequestSource
  /**
   * Where the conversation came from (the last whole-request load: an
   * example, a lesson, a link, an import) and whether it was changed since;
   * null for a conversation typed from scratch.
   */
  origin: RequestOrigin | null
  /** Engine assumption switches that differ from the documented-best defaults. */
  assumptions: Record<string, unknown>
  /** Per-model token estimate factors learnt from real count_tokens answers. */
  calibration: Record<string, number>
  /** How many count_tokens answers each calibration factor was learnt from (this session). */
  calibrationAnswers: Record<string, number>
  /**
   * The token estimator with BPE-counted text (set by the refinement
   * worker); null = the engine's instant heuristic.
   */
  tokenEstimator: TokenEstimator | null
  /**
   * The engine, once its code is there; null until then, and the page shows
   * no prediction (never a number the engine did not compute).
   */
  engine: PlaygroundEngine | null
  setRequestText: (text: string) => void
  /**
   * Applies an editor text change only when it can be parsed cheaply (the
   * edit lies inside one top-level value); false when the caller should
   * parse the whole text (setRequestText), e.g. after a pause.
   */
  setRequestTextIfCheap: (text: string) => boolean
  setRequest: (request: unknown, source?: RequestSource) => void
  /**
   * Applies a form change. With `continueGesture`, the change belongs to the
   * same gesture as the one before (a slider drag): undo takes it back in
   * one step, together with the gesture's first change.
   */
  updateRequest: (
    update: (request: Record<string, unknown>) => unknown,
    options?: { continueGesture?: boolean }
  ) => void
  flushPendingText: () => void
  setAssumption: (key: string, value: unknown) => void
  resetAssumptions: () => void
  setCalibration: (model: string, factor: number) => void
  /** Forgets the calibration of one model (every model without an argument). */
  clearCalibration: (model?: string) => void
  setTokenEstimator: (estimator: TokenEstimator | null) => void
  setEngine: (engine: PlaygroundEngine) => void
}

export interface ViewSlice {
  inputMode: InputMode
  resultTab: ResultTab
  narrowRegion: Region
  showUnchanged: boolean
  selectedBlock: BlockRef | null
  setInputMode: (mode: InputMode) => void
  setResultTab: (tab: ResultTab) => void
  setNarrowRegion: (region: Region) => void
  setShowUnchanged: (show: boolean) => void
  selectBlock: (ref: BlockRef | null) => void
}

export interface HistorySlice {
  past: unknown[]
  future: unknown[]
  undo: () => void
  redo: () => void
}

/** What the user's API answered to the probe plan, per model. */
export interface ProbesSlice {
  probeRuns: ProbeRuns
  /** Keeps a finished run (replacing that model's previous one). */
  setProbeRun: (run: StoredProbeRun) => void
  /**
   * Adds runs read from storage or a link (validated; junk is dropped). A
   * link's runs are marked as such and never replace the user's own.
   */
  mergeProbeRuns: (raw: unknown, options?: { fromLink?: boolean }) => void
  /** Sets the switches a model's run settled and its measured token factor (after the user confirmed). */
  applyProbeRun: (model: string) => void
}

/**
 * Content that arrived by link or import, being simulated in a worker with
 * a deadline before the page simulates it on its own thread
 * (docs/semantics.md#hostile-input-limits): a link is untrusted input.
 */
export interface Trial {
  from: "link" | "import"
  /** Checking in the worker, or stopped at the deadline. */
  status: "checking" | "stopped"
  /** What was stopped and why, in the user's words (set when stopped). */
  stopped?: string
}

export interface TrialSlice {
  /**
   * Set by setRequest for a link or an import; null once a check passed
   * (or for content typed or built in).
   */
  trial: Trial | null
  /** The worker simulated `request` in time: the page may simulate it. */
  passTrial: (request: unknown) => void
  /** The worker ran out of time on `request`: say so, keep the work. */
  stopTrial: (request: unknown, stopped: string) => void
  /** The user asked to simulate it on the page anyway. */
  trustTrial: () => void
}

export type PlaygroundState = DocumentSlice &
  ViewSlice &
  HistorySlice &
  ProbesSlice &
  TrialSlice
