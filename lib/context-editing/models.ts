/**
 * Model capability table (spec §5). Data, not code: the API routes may
 * refresh it from the Models API. Capabilities of models released after the
 * last published support list are inferred and say so in `notes`.
 */
import type { ModelInfo } from "./types"

/** Model assumed when a bare messages array (or no `model`) is pasted. */
export const DEFAULT_MODEL_ID = "claude-sonnet-4-6"

const TOOLS_4X = { auto: 346, any: 313 }
const INFERRED =
  "Released after the last published compaction list; compaction support inferred."

type Row = Omit<
  ModelInfo,
  | "known"
  | "toolPromptTokens"
  | "toolPromptDocumented"
  | "retired"
  | "systemMessages"
> &
  Partial<Pick<ModelInfo, "toolPromptTokens" | "retired">>

function row(
  id: string,
  displayName: string,
  aliases: string[],
  caps: Partial<Row>
): Row {
  return {
    id,
    displayName,
    aliases,
    contextEditing: true,
    compaction: true,
    onDemandCompaction: true,
    thinkingDefaultKeep: "all",
    tokenizer: "next",
    contextWindow: 1_000_000,
    ...caps,
  }
}

/** A retired model from before Claude 4: no context editing, 200k window. */
function preClaude4(
  id: string,
  displayName: string,
  aliases: string[],
  toolPromptTokens?: ModelInfo["toolPromptTokens"]
): Row {
  return row(id, displayName, aliases, {
    contextEditing: false,
    compaction: false,
    onDemandCompaction: false,
    thinkingDefaultKeep: 1,
    tokenizer: "legacy",
    contextWindow: 200_000,
    retired: true,
    ...(toolPromptTokens ? { toolPromptTokens } : {}),
  })
}

const ROWS: Row[] = [
  row("claude-fable-5-2", "Claude Fable 5.2", [], {
    onDemandCompaction: false,
    notes: INFERRED,
  }),
  row("claude-mythos-5-2", "Claude Mythos 5.2", [], {
    onDemandCompaction: false,
    notes: INFERRED,
  }),
  row("claude-fable-5-1", "Claude Fable 5.1", [], { notes: INFERRED }),
  row("claude-mythos-5-1", "Claude Mythos 5.1", [], { notes: INFERRED }),
  row("claude-fable-5", "Claude Fable 5", [], {}),
  row("claude-mythos-5", "Claude Mythos 5", [], {}),
  row("claude-mythos-preview", "Claude Mythos Preview", [], {}),
  row("claude-opus-5-5", "Claude Opus 5.5", [], { notes: INFERRED }),
  row("claude-opus-5", "Claude Opus 5", [], {}),
  row("claude-sonnet-5-5", "Claude Sonnet 5.5", [], {
    onDemandCompaction: false,
    notes: INFERRED,
  }),
  row("claude-sonnet-5", "Claude Sonnet 5", [], {}),
  row("claude-haiku-5-5", "Claude Haiku 5.5", [], {
    compaction: false,
    onDemandCompaction: false,
    thinkingDefaultKeep: 1,
    tokenizer: "legacy",
    contextWindow: 200_000,
    notes:
      'Thinking default (last turn) and tokenizer assumed: docs say "all Haiku" and list only Opus 4.7+, Sonnet 5, Fable and Mythos under the new tokenizer.',
  }),
  row("claude-opus-4-8", "Claude Opus 4.8", [], {}),
  row("claude-opus-4-7", "Claude Opus 4.7", [], {}),
  row("claude-opus-4-6", "Claude Opus 4.6", [], { tokenizer: "legacy" }),
  row("claude-sonnet-4-6", "Claude Sonnet 4.6", [], { tokenizer: "legacy" }),
  row("claude-opus-4-5-20251101", "Claude Opus 4.5", ["claude-opus-4-5"], {
    compaction: false,
    onDemandCompaction: false,
    tokenizer: "legacy",
    contextWindow: 200_000,
  }),
  row(
    "claude-sonnet-4-5-20250929",
    "Claude Sonnet 4.5",
    ["claude-sonnet-4-5"],
    {
      compaction: false,
      onDemandCompaction: false,
      thinkingDefaultKeep: 1,
      tokenizer: "legacy",
      contextWindow: 200_000,
    }
  ),
  row("claude-haiku-4-5-20251001", "Claude Haiku 4.5", ["claude-haiku-4-5"], {
    compaction: false,
    onDemandCompaction: false,
    thinkingDefaultKeep: 1,
    tokenizer: "legacy",
    contextWindow: 200_000,
  }),
  row("claude-opus-4-1-20250805", "Claude Opus 4.1", ["claude-opus-4-1"], {
    compaction: false,
    onDemandCompaction: false,
    thinkingDefaultKeep: 1,
    tokenizer: "legacy",
    contextWindow: 200_000,
  }),
  row(
    "claude-opus-4-20250514",
    "Claude Opus 4",
    ["claude-opus-4-0", "claude-opus-4"],
    {
      compaction: false,
      onDemandCompaction: false,
      thinkingDefaultKeep: 1,
      tokenizer: "legacy",
      contextWindow: 200_000,
      retired: true,
    }
  ),
  row(
    "claude-sonnet-4-20250514",
    "Claude Sonnet 4",
    ["claude-sonnet-4-0", "claude-sonnet-4"],
    {
      compaction: false,
      onDemandCompaction: false,
      thinkingDefaultKeep: 1,
      tokenizer: "legacy",
      contextWindow: 200_000,
      retired: true,
    }
  ),
  preClaude4("claude-3-7-sonnet-20250219", "Claude Sonnet 3.7", [
    "claude-3-7-sonnet-latest",
  ]),
  preClaude4(
    "claude-3-5-haiku-20241022",
    "Claude Haiku 3.5",
    ["claude-3-5-haiku-latest"],
    { auto: 264, any: 340 }
  ),
  // Claude 3: kept for their documented tool-use prompt sizes (spec §8.2),
  // which legacy XML transcripts and old logs still meet.
  preClaude4("claude-3-opus-20240229", "Claude Opus 3", [], {
    auto: 530,
    any: 281,
  }),
  preClaude4("claude-3-sonnet-20240229", "Claude Sonnet 3", [], {
    auto: 159,
    any: 235,
  }),
  preClaude4("claude-3-haiku-20240307", "Claude Haiku 3", [], {
    auto: 264,
    any: 340,
  }),
]

// Mid-conversation system messages: the docs' list (Fable 5.1, Mythos 5.1,
// Fable 5, Mythos 5, Opus 5.5, Opus 4.8, Opus 5, Sonnet 5.5, Haiku 5.5; "not
// available on Sonnet 5"), plus the 5.2 models released after it (inferred).
const SYSTEM_MESSAGES = new Set([
  "claude-fable-5-2",
  "claude-mythos-5-2",
  "claude-fable-5-1",
  "claude-mythos-5-1",
  "claude-fable-5",
  "claude-mythos-5",
  "claude-opus-5-5",
  "claude-opus-5",
  "claude-sonnet-5-5",
  "claude-haiku-5-5",
  "claude-opus-4-8",
])

// The docs' tool-use prompt sizes (spec §8.2) name Claude 3 to 4.x models;
// for Claude 5 and later the 4.x numbers are scaled by tokenizer family.
const TOOL_PROMPT_DOCUMENTED = /^claude-(?:3|(?:opus|sonnet|haiku)-4)-/

/** The capability table, newest first. */
export const MODELS: readonly ModelInfo[] = ROWS.map((r) => ({
  retired: false,
  toolPromptTokens: TOOLS_4X,
  toolPromptDocumented: TOOL_PROMPT_DOCUMENTED.test(r.id),
  systemMessages: SYSTEM_MESSAGES.has(r.id),
  ...r,
  known: true,
}))

const BY_ID = new Map<string, ModelInfo>()
for (const m of MODELS) {
  BY_ID.set(m.id, m)
  for (const a of m.aliases) BY_ID.set(a, m)
}

const BEDROCK_PREFIX = /^(?:(?:us|eu|apac|global|jp|au)\.)?anthropic\./

/** Whether a model id is an Amazon Bedrock one ("us.anthropic.…-v1:0"). */
export const isBedrockId = (id: string): boolean =>
  BEDROCK_PREFIX.test(id.trim().toLowerCase())

/** Strips platform decorations: Bedrock "us.anthropic.…-v1:0", Vertex "…@20251101". */
function canonicalId(id: string): string {
  return id
    .trim()
    .toLowerCase()
    .replace(BEDROCK_PREFIX, "")
    .replace(/-v\d+(?::\d+)?$/, "")
    .replace(/@(\d{8})$/, "-$1")
}

function fallback(id: string): ModelInfo {
  const haiku = /haiku/.test(id)
  const next = /(opus-(4-[7-9]|[5-9])|sonnet-[5-9]|fable|mythos)/.test(id)
  // Claude 2/3-era ids (e.g. from legacy XML transcripts): 200k window, and
  // like every pre-Opus-4.5 model they keep only the last turn's thinking.
  const old = /claude-(instant|2|3)/.test(id)
  return {
    id,
    displayName: id,
    aliases: [],
    // Context editing came with Claude 4: none of the older models has it.
    contextEditing: !old,
    compaction: false,
    onDemandCompaction: false,
    // An unknown id is assumed to take them (it is likely newer), unless it
    // is a Claude 2/3-era id.
    systemMessages: !old,
    thinkingDefaultKeep: haiku || old ? 1 : "all",
    tokenizer: next ? "next" : "legacy",
    contextWindow: haiku || old ? 200_000 : 1_000_000,
    retired: false,
    toolPromptTokens: TOOLS_4X,
    toolPromptDocumented: false,
    known: false,
    notes: "Unknown model id: capabilities guessed from its name.",
  }
}

/** Capability row for a model id (aliases and platform ids resolve); unknown ids get a `known: false` guess. */
export function getModelInfo(id: string): ModelInfo {
  const c = canonicalId(id)
  return (
    BY_ID.get(c) ?? BY_ID.get(c.replace(/-\d{8}$/, "")) ?? fallback(c || id)
  )
}
