/**
 * The cookbook notebook's recorded runs, as printed in its outputs (see
 * README.md): each run's configuration, what every reply called, and per
 * request the context the API reported (usage input + cache read + cache
 * write) and the `clear_tool_uses` entry of `applied_edits`.
 */
import { COMBO_TASK, RESEARCH_TASK } from "./notebook"

/** One tool call of a reply, as the notebook's verbose print shows it. */
export type Call =
  | { read: string }
  | { search: string }
  /** record_finding; `note: true` when the printed finding is not empty (its text is sized from the recorded context). */
  | { finding: number; note: boolean }
  | { memory: "view"; path: string; result: string; sized?: boolean }
  | { memory: "create"; path: string }
  | { memory: "str_replace"; path: string }

/** One reply (assistant message) and the results sent after it. */
export interface Turn {
  calls: Call[]
  /** The reply opens with a compaction block whose summary counted this many tokens (count_tokens of the summary alone). */
  compaction?: number
}

/** What the API reported for one request. */
export interface Recorded {
  /** Total input as printed (null: not printed for this request). */
  ctx: number | null
  /** The clear_tool_uses entry: tool uses cleared and tokens freed (null: no entry). */
  cleared: { uses: number; tokens: number } | null
  /** The reply to this request opened with a compaction block. */
  compacts?: boolean
}

export interface RecordedRun {
  id: string
  /** The notebook cell whose output this is. */
  cell: number
  task: string
  memory: boolean
  edits: Array<Record<string, unknown>>
  /** turns[k] answers request k + 1 (the first request is the task alone). */
  turns: Turn[]
  requests: Recorded[]
}

const read = (name: string): Call => ({ read: `/research/${name}_review.md` })
const BATCH_1 = ["celegans", "drosophila", "yeast", "killifish"].map(read)
const BATCH_2 = ["mouse", "zebrafish", "nmr", "rhesus"].map(read)
const none = (ctx: number | null): Recorded => ({ ctx, cleared: null })
const cleared = (ctx: number | null, uses: number, tokens: number) => ({
  ctx,
  cleared: { uses, tokens },
})

/** Cell 13: no context management (a check of the counts alone). */
const BASELINE: RecordedRun = {
  id: "baseline",
  cell: 13,
  task: RESEARCH_TASK,
  memory: false,
  edits: [],
  turns: [
    { calls: BATCH_1 },
    { calls: [{ finding: 1, note: true }] },
    { calls: BATCH_2 },
    { calls: [{ finding: 2, note: true }] },
  ],
  requests: [1_058, 166_043, 168_242, 332_821, 335_279].map(none),
}

/** Cell 30: clear_tool_uses at 30,000 tokens, keep 4, clear_at_least 10,000. */
const CLEARING: RecordedRun = {
  id: "clearing",
  cell: 30,
  task: RESEARCH_TASK,
  memory: false,
  edits: [
    {
      type: "clear_tool_uses_20250919",
      trigger: { type: "input_tokens", value: 30_000 },
      keep: { type: "tool_uses", value: 4 },
      clear_at_least: { type: "input_tokens", value: 10_000 },
    },
  ],
  turns: [
    { calls: BATCH_1 },
    { calls: [{ finding: 1, note: true }] },
    { calls: BATCH_2 },
    { calls: [{ finding: 2, note: false }] },
    { calls: [{ finding: 3, note: false }] },
    { calls: [{ finding: 4, note: true }] },
  ],
  requests: [
    none(1_058),
    none(166_043),
    none(169_211),
    cleared(169_174, 4, 163_817),
    cleared(169_255, 4, 163_811),
    cleared(169_313, 4, 163_807),
    cleared(173_137, 4, 162_930),
  ],
}

/** Cell 22: compaction at 180,000 tokens. */
const COMPACTION: RecordedRun = {
  id: "compaction",
  cell: 22,
  task: RESEARCH_TASK,
  memory: false,
  edits: [
    {
      type: "compact_20260112",
      trigger: { type: "input_tokens", value: 180_000 },
    },
  ],
  turns: [
    { calls: BATCH_1 },
    { calls: [{ finding: 1, note: true }] },
    { calls: BATCH_2 },
    // The reply after compaction: its calls are not printed; the next
    // request grew by a batch-2 note's size (record_finding, see README).
    { compaction: 2_783, calls: [{ finding: 2, note: true }] },
    {
      calls: [
        {
          search:
            "comparative aging model organisms synthesis pipeline translational",
        },
      ],
    },
    { calls: [{ search: "aging model organism review" }] },
  ],
  requests: [
    none(1_129),
    none(166_103),
    none(169_164),
    { ctx: null, cleared: null, compacts: true },
    none(5_635),
    none(5_751),
    none(5_829),
  ],
}

const MEM = "/memories"

/** Cell 49: clearing at 200,000 (keep 6, clear_at_least 30,000, memory excluded), then compaction at 180,000. */
const ALL_THREE: RecordedRun = {
  id: "all-three",
  cell: 49,
  task: COMBO_TASK,
  memory: true,
  edits: [
    {
      type: "clear_tool_uses_20250919",
      trigger: { type: "input_tokens", value: 200_000 },
      keep: { type: "tool_uses", value: 6 },
      clear_at_least: { type: "input_tokens", value: 30_000 },
      exclude_tools: ["memory"],
    },
    {
      type: "compact_20260112",
      trigger: { type: "input_tokens", value: 180_000 },
    },
  ],
  turns: [
    { calls: [{ memory: "view", path: MEM, result: "(empty directory)" }] },
    { calls: BATCH_1 },
    { calls: [{ memory: "create", path: `${MEM}/batch1_notes.md` }] },
    { calls: BATCH_2 },
    // One memory call after the block (not printed; the next request grew
    // by a directory listing's size).
    {
      compaction: 2_839,
      calls: [{ memory: "view", path: MEM, result: "batch1_notes.md" }],
    },
    {
      calls: [
        {
          memory: "view",
          path: `${MEM}/batch1_notes.md`,
          result: "",
          sized: true,
        },
      ],
    },
    { calls: [{ memory: "create", path: `${MEM}/batch2_notes.md` }] },
    { calls: [{ memory: "create", path: `${MEM}/comparative_summary.md` }] },
    {
      calls: [
        { search: "translational relevance aging pipeline" },
        { search: "lifespan maximum cohort size intervention" },
      ],
    },
    {
      calls: [
        { search: "yeast replicative lifespan" },
        { search: "rhesus macaque caloric restriction" },
      ],
    },
    { calls: [{ finding: 1, note: true }] },
    {
      calls: [{ memory: "str_replace", path: `${MEM}/comparative_summary.md` }],
    },
  ],
  requests: [
    none(2_106),
    none(2_206),
    none(167_185),
    none(169_938),
    { ...cleared(4_798, 2, 81_993), compacts: true },
    cleared(4_901, 2, 81_810),
    cleared(8_121, 2, 81_683),
    cleared(10_524, 2, 81_508),
    cleared(12_799, 2, 81_413),
    cleared(13_096, 4, 162_379),
    cleared(13_290, 4, 162_371),
    cleared(13_461, 4, 162_337),
    cleared(13_749, 4, 162_331),
  ],
}

export const RUNS: readonly RecordedRun[] = [
  BASELINE,
  CLEARING,
  COMPACTION,
  ALL_THREE,
]
