/**
 * The model rows: capabilities, lifecycle and the per-model request rules,
 * each with the sources it was read from (refreshed 2026-11 from the docs'
 * models overview, model pages and deprecations page). Data, not code:
 * models.ts builds the lookup from it.
 */
import type { ModelEvidence, ModelInfo } from "../types"

const DOCS = "https://platform.claude.com/docs/en"
const doc = (path: string, fact: string): ModelEvidence => ({
  label: "DOC",
  url: `${DOCS}/${path}`,
  fact,
})
const obs = (url: string, fact: string): ModelEvidence => ({
  label: "OBS",
  url,
  fact,
})

export const EV = {
  overview: doc(
    "models/overview",
    "Current lineup: context window, max output, thinking mode per model."
  ),
  contextEditing: doc(
    "build-with-claude/context-editing",
    "Front-matter lists the models with context editing (every current model)."
  ),
  compaction: doc(
    "build-with-claude/compaction",
    "Compaction models: Fable 5, Mythos 5, Mythos Preview, Opus 5, Opus 4.8, 4.7, 4.6, Sonnet 5, Sonnet 4.6; no Haiku."
  ),
  sonnet55: doc(
    "models/sonnet-5-5/whats-new-sonnet-5-5",
    "Sonnet 5.5: thinking between_tools replaces disabled; forced tool use returns an error; same tokenizer as Sonnet 5; 1M context."
  ),
  haiku55: obs(
    `${DOCS}/models/haiku-5-5/overview`,
    "Haiku 5.5 (2026-10-07): 1M context, adaptive thinking only (enabled rejected, OBS-3P), the newer tokenizer."
  ),
  alwaysOn: doc(
    "models/opus-5/overview",
    "Lineup table: Fable 5.1 and Opus 5.5 have adaptive thinking, always on."
  ),
  enabledRejected: obs(
    "https://github.com/AAClause/nvda-OpenAI/issues/126",
    'Live 400 on Sonnet 5 and Opus 4.8: "thinking.type.enabled" is not supported for this model (docs troubleshooting quotes it for Opus 4.7).'
  ),
  deprecations: doc(
    "about-claude/model-deprecations",
    "Retired models: requests to them fail. Dates per model."
  ),
  retired404: obs(
    "https://github.com/spring-projects/spring-ai/pull/2387",
    'A retired id answers 404 {"type":"not_found_error","message":"model: claude-2.1"}.'
  ),
  retiredProbe: obs(
    "https://github.com/promptfoo/promptfoo/pull/10632",
    "Live probe 2026-09-04: Opus 4.1, Opus 4, Sonnet 4, Sonnet 3.7, Sonnet 3.5, Haiku 3.5, Opus 3, Haiku 3 answer 404."
  ),
  retired202606: obs(
    "https://raw.githubusercontent.com/ottto-ai/ai-provider-watch/main/data/events/2026-06-15-anthropic-sonnet-4-opus-4-retirement.json",
    "Release notes: Sonnet 4 and Opus 4 retired on 2026-06-15."
  ),
  sonnet45Retires: obs(
    `${DOCS}/about-claude/model-deprecations`,
    "Sonnet 4.5 retires on 2026-11-30 (OBS-3P, docs/semantics.md#models)."
  ),
  prefillRemoved: doc(
    "about-claude/models/whats-new-claude-4-6#prefill-removal",
    "A prefill is a 400 on Claude 4.6 models; 4.5 and earlier take it."
  ),
  prefill400: obs(
    "https://github.com/vybestack/llxprt-code/pull/3695",
    "Live prefill 400s on Fable 5, Opus 4.6–4.8, Sonnet 4.6 and 5."
  ),
  toolPrompt: doc(
    "agents-and-tools/tool-use/overview#pricing",
    "Tool-use system prompt sizes per model (Claude 3 to 4.x)."
  ),
} as const

/** A row as written here; models.ts fills in the defaults. */
export type Row = Omit<
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
    // Claude 4.6 and every later model refuse a prefill (DOC, OBS).
    prefill: false,
    evidence: [EV.overview, EV.contextEditing],
    ...caps,
  }
}

const INFERRED =
  "Released after the last published compaction list; compaction support inferred."
/** Adaptive models that reject manual (`enabled`) thinking (OBS for Opus 4.7, 4.8 and Sonnet 5). */
const ADAPTIVE = ["adaptive", "disabled"] as const
/** Thinking always on: adaptive only. */
const ALWAYS_ON = ["adaptive"] as const
const inferredRule: ModelEvidence = {
  label: "INFERRED",
  url: `${DOCS}/models/overview`,
  fact: "Adaptive-only like the models before it (the overview lists adaptive thinking); enabled assumed rejected.",
}

/** A retired model from before Claude 4: no context editing, 200k window. */
function preClaude4(
  id: string,
  displayName: string,
  aliases: string[],
  retiresOn: string,
  toolPromptTokens?: ModelInfo["toolPromptTokens"]
): Row {
  return row(id, displayName, aliases, {
    prefill: true,
    contextEditing: false,
    compaction: false,
    onDemandCompaction: false,
    thinkingDefaultKeep: 1,
    tokenizer: "legacy",
    contextWindow: 200_000,
    retired: true,
    retiresOn,
    evidence: [EV.deprecations, EV.retired404, EV.toolPrompt],
    ...(toolPromptTokens ? { toolPromptTokens } : {}),
  })
}

/** A Claude 4-era model with a 200k window and the older tokenizer. */
const claude4 = (caps: Partial<Row>): Partial<Row> => ({
  prefill: true,
  compaction: false,
  onDemandCompaction: false,
  thinkingDefaultKeep: 1,
  tokenizer: "legacy",
  contextWindow: 200_000,
  ...caps,
})

export const ROWS: Row[] = [
  row("claude-fable-5-2", "Claude Fable 5.2", [], {
    onDemandCompaction: false,
    thinkingTypes: ALWAYS_ON,
    notes: INFERRED,
    evidence: [EV.contextEditing, EV.alwaysOn, inferredRule],
  }),
  row("claude-mythos-5-2", "Claude Mythos 5.2", [], {
    onDemandCompaction: false,
    notes: INFERRED,
    evidence: [EV.contextEditing],
  }),
  row("claude-fable-5-1", "Claude Fable 5.1", [], {
    thinkingTypes: ALWAYS_ON,
    notes: INFERRED,
    evidence: [EV.overview, EV.contextEditing, EV.alwaysOn],
  }),
  row("claude-mythos-5-1", "Claude Mythos 5.1", [], { notes: INFERRED }),
  row("claude-fable-5", "Claude Fable 5", [], {
    thinkingTypes: ALWAYS_ON,
    evidence: [EV.overview, EV.compaction, EV.alwaysOn],
  }),
  row("claude-mythos-5", "Claude Mythos 5", [], {}),
  row("claude-mythos-preview", "Claude Mythos Preview", [], {}),
  row("claude-opus-5-5", "Claude Opus 5.5", [], {
    thinkingTypes: ALWAYS_ON,
    notes: INFERRED,
    evidence: [EV.contextEditing, EV.alwaysOn],
  }),
  row("claude-opus-5", "Claude Opus 5", [], {
    thinkingTypes: ADAPTIVE,
    evidence: [EV.overview, EV.compaction, inferredRule],
  }),
  row("claude-sonnet-5-5", "Claude Sonnet 5.5", [], {
    thinkingTypes: ["adaptive", "between_tools"],
    thinkingTypesDocumented: true,
    forcedToolUse: false,
    notes: INFERRED,
    evidence: [EV.sonnet55, EV.contextEditing],
  }),
  row("claude-sonnet-5", "Claude Sonnet 5", [], {
    thinkingTypes: ADAPTIVE,
    evidence: [EV.overview, EV.compaction, EV.enabledRejected],
  }),
  row("claude-haiku-5-5", "Claude Haiku 5.5", [], {
    compaction: false,
    onDemandCompaction: false,
    thinkingDefaultKeep: 1,
    thinkingTypes: ADAPTIVE,
    thinkingTypesDocumented: true,
    notes:
      'No compaction (no Haiku is listed). Thinking default (last turn) assumed: the docs say "all Haiku".',
    evidence: [EV.haiku55, EV.contextEditing, EV.compaction],
  }),
  row("claude-opus-4-8", "Claude Opus 4.8", [], {
    thinkingTypes: ADAPTIVE,
    evidence: [EV.compaction, EV.enabledRejected],
  }),
  row("claude-opus-4-7", "Claude Opus 4.7", [], {
    thinkingTypes: ADAPTIVE,
    evidence: [EV.compaction, EV.enabledRejected],
  }),
  row("claude-opus-4-6", "Claude Opus 4.6", [], { tokenizer: "legacy" }),
  row("claude-sonnet-4-6", "Claude Sonnet 4.6", [], { tokenizer: "legacy" }),
  row(
    "claude-opus-4-5-20251101",
    "Claude Opus 4.5",
    ["claude-opus-4-5"],
    claude4({ thinkingDefaultKeep: "all" })
  ),
  row(
    "claude-sonnet-4-5-20250929",
    "Claude Sonnet 4.5",
    ["claude-sonnet-4-5"],
    claude4({
      retiresOn: "2026-11-30",
      evidence: [EV.contextEditing, EV.sonnet45Retires],
    })
  ),
  row(
    "claude-haiku-4-5-20251001",
    "Claude Haiku 4.5",
    ["claude-haiku-4-5"],
    claude4({})
  ),
  row(
    "claude-opus-4-1-20250805",
    "Claude Opus 4.1",
    ["claude-opus-4-1"],
    claude4({
      retired: true,
      retiresOn: "2026-08-05",
      evidence: [EV.deprecations, EV.retiredProbe],
    })
  ),
  row(
    "claude-opus-4-20250514",
    "Claude Opus 4",
    ["claude-opus-4-0", "claude-opus-4"],
    claude4({
      retired: true,
      retiresOn: "2026-06-15",
      evidence: [EV.retired202606, EV.retiredProbe],
    })
  ),
  row(
    "claude-sonnet-4-20250514",
    "Claude Sonnet 4",
    ["claude-sonnet-4-0", "claude-sonnet-4"],
    claude4({
      retired: true,
      retiresOn: "2026-06-15",
      evidence: [EV.retired202606, EV.retiredProbe],
    })
  ),
  preClaude4(
    "claude-3-7-sonnet-20250219",
    "Claude Sonnet 3.7",
    ["claude-3-7-sonnet-latest"],
    "2026-02-19"
  ),
  preClaude4(
    "claude-3-5-sonnet-20241022",
    "Claude Sonnet 3.5 (new)",
    ["claude-3-5-sonnet-latest"],
    "2025-10-28"
  ),
  preClaude4(
    "claude-3-5-sonnet-20240620",
    "Claude Sonnet 3.5",
    [],
    "2025-10-28",
    { auto: 294, any: 261 }
  ),
  preClaude4(
    "claude-3-5-haiku-20241022",
    "Claude Haiku 3.5",
    ["claude-3-5-haiku-latest"],
    "2026-02-19",
    { auto: 264, any: 340 }
  ),
  // Claude 3: kept for their documented tool-use prompt sizes, which legacy
  // XML transcripts and old logs still meet.
  preClaude4("claude-3-opus-20240229", "Claude Opus 3", [], "2026-01-05", {
    auto: 530,
    any: 281,
  }),
  preClaude4("claude-3-sonnet-20240229", "Claude Sonnet 3", [], "2025-07-21", {
    auto: 159,
    any: 235,
  }),
  preClaude4("claude-3-haiku-20240307", "Claude Haiku 3", [], "2026-04-19", {
    auto: 264,
    any: 340,
  }),
]
