/**
 * Model capability lookup over the rows of models-data.ts (each with its
 * evidence). Capabilities of models released after the last published
 * support list are inferred and say so in `notes`.
 */
import { ROWS } from "./models-data"
import type { ModelInfo } from "../types"

/** Model assumed when a bare messages array (or no `model`) is pasted. */
export const DEFAULT_MODEL_ID = "claude-sonnet-4-6"

/**
 * The tool-use system prompt of Claude 3.5 Sonnet (Oct) to 4.x, measured: the
 * docs print 346 (auto/none) and 313 (any/tool), but real counts of the same
 * one-tool request on Claude 3.5 Sonnet, 3.7 Sonnet, Opus 4.1 (req_llm
 * fixtures) and Sonnet 4.0 (pydantic-ai) sit 33 below the docs' auto number
 * once each tool definition's own wrapper is counted (heuristic-estimator.ts,
 * TOOL_DEFINITION), and at it for any/tool: 313 for every tool_choice. The
 * same counts fit the docs' Claude 3 Haiku and Opus numbers exactly
 * (docs/tokens.md, "Tool-use prompt per model").
 */
const TOOLS_4X = { auto: 313, any: 313 }

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

// The docs' tool-use prompt sizes (docs/semantics.md#hidden-overheads) name Claude 3 to 4.x models;
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

/** Strips platform decorations: Bedrock "us.anthropic.…-v1:0", Vertex "…@20251101" / "…-v2@20241022". */
function canonicalId(id: string): string {
  return (
    id
      .trim()
      .toLowerCase()
      .replace(BEDROCK_PREFIX, "")
      .replace(/-v\d+(?::\d+)?$/, "")
      // Vertex: "claude-3-5-sonnet-v2@20241022"
      .replace(/(?:-v\d+)?@(\d{8})$/, "-$1")
  )
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
    // Claude 4.6 and later refuse a prefill: an unknown id is likely newer.
    prefill:
      old || !/(?:opus|sonnet|haiku)-(?:4-[6-9]|[5-9])|fable|mythos/.test(id),
    known: false,
    notes: "Unknown model id: capabilities guessed from its name.",
  }
}

/** Rows already resolved, by the id asked (a log's replay asks at every call). */
const INFO_MEMO = new Map<string, ModelInfo>()

/** Capability row for a model id (aliases and platform ids resolve); unknown ids get a `known: false` guess. */
export function getModelInfo(id: string): ModelInfo {
  let info = INFO_MEMO.get(id)
  if (!info) {
    const c = canonicalId(id)
    info =
      BY_ID.get(c) ?? BY_ID.get(c.replace(/-\d{8}$/, "")) ?? fallback(c || id)
    if (INFO_MEMO.size >= 256) INFO_MEMO.clear()
    INFO_MEMO.set(id, info)
  }
  return info
}
