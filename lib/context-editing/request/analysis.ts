/**
 * What the analysis of a `messages` array holds (analyze.ts builds it,
 * pairing.ts and turns.ts fill their parts): the records, tool pairs and
 * turns every later room reads, and the caches they keep on it. Types only.
 */
import type { BlockKind, MessageRole, ToolOrigin } from "./block-rules"
import type {
  BlockOutcome,
  CompactionInfo,
  SimulateError,
  SimulateWarning,
  TurnInfo,
} from "../types"

/** One turn of the effective conversation. */
export interface Turn {
  role: "human" | "assistant"
  messageIndices: number[]
  recs: number[]
  /** The in-progress assistant turn (the request ends inside it). */
  current: boolean
}

/** One content block of the original request. */
export interface BlockRec {
  mi: number
  bi: number
  role: MessageRole
  type: string
  kind: BlockKind
  origin: ToolOrigin | null
  /** The original block (a synthetic text block for string content). */
  block: Record<string, unknown>
  /** Before the last replayed compaction block: the server skips it. */
  ignored: boolean
  /** Index into Analysis.turns, -1 when ignored. */
  turn: number
  /** Index into Analysis.pairs, -1 when not a tool block. */
  pair: number
}

/** A tool use and (if answered) its result. */
export interface ToolPair {
  use: number
  /** Record index of the result, -1 when unanswered. */
  result: number
  id: string
  name: string
  origin: ToolOrigin
  isError: boolean
}

/** Everything simulate needs to know about `messages`. */
export interface Analysis {
  recs: BlockRec[]
  /**
   * Records of message mi are msgStart[mi] .. msgStart[mi + 1] - 1 (records
   * are contiguous per message; a range instead of an array per message).
   */
  msgStart: Int32Array
  messageIsString: boolean[]
  messageRoles: MessageRole[]
  /**
   * Mid-conversation system messages with `clear_at: "next_user_message"`
   * that a later user message follows (the server no longer shows them),
   * each with the index of that user message.
   */
  hiddenSystemMessages: Array<{ message: number; hiddenBy: number }>
  pairs: ToolPair[]
  turns: Turn[]
  /** Record indices of every compaction block. */
  compactionRecs: number[]
  /** Record index of the last compaction block, -1 if none. */
  lastCompaction: number
  /** Names seen on tool_use / server_tool_use / mcp_tool_use blocks. */
  toolNames: Set<string>
  /** First problem, with a path starting at "messages". */
  error: SimulateError | null
  warnings: SimulateWarning[]
  /** Per-estimator, per-context token arrays (filled by simulate). */
  tokenCache: WeakMap<object, Map<string, Float64Array>>
  /** Initial per-record state, built once and copied by each simulation. */
  template?: {
    blocks: Array<Record<string, unknown>>
    reasons: string[]
    alive: Int32Array
    /** Message index of each record. */
    recMessage: Int32Array
    /** Messages with at least one block (computed on first use). */
    liveMessages?: number
    slots: Uint8Array
  }
  /**
   * Edited variants of blocks per estimator (by identity: refined
   * estimators share an id but not their counts) and variant key (see
   * rules/state.ts `variant`).
   */
  variants?: WeakMap<
    object,
    Map<
      string,
      {
        blocks: Array<Record<string, unknown> | undefined>
        tokens: Float64Array
      }
    >
  >
  /** Last edited copy per message (see result/outputs.ts `buildRequest`). */
  messageMemo?: Array<{ content: unknown } | undefined>
  /** Public turn lists (see result/setup.ts `turnInfos`). */
  turnInfos?: {
    withRedacted?: TurnInfo[]
    thinkingOnly?: TurnInfo[]
  }
  /** See `pairColumns`. */
  pairColumns?: { use: Int32Array; result: Int32Array }
  /** Whether any record is a thinking block. */
  hasThinkingBlock: boolean
  /** Whether any record is a thinking or redacted_thinking block. */
  hasAnyThinking: boolean
  /**
   * The previous simulation's outcomes and the state arrays they were built
   * from (re-used when unchanged; see result/outcomes.ts).
   */
  lastOutcomes?: {
    outcomes: BlockOutcome[]
    status: Uint8Array
    reason: readonly string[]
    tokens: Float64Array
    editIndex: Int32Array
    editType: Uint8Array
    placeholder: Uint8Array
    placeholders: readonly string[]
    original: Float64Array
  }
}

/** Where the replay of compaction blocks left the conversation (filled by simulate). */
export type ReplayInfo = Pick<
  CompactionInfo,
  "replayedAt" | "ignoredBlocks" | "ignoredTokens"
>
