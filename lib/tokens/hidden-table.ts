/**
 * Hidden tokens as data: what the server adds to a request's input count
 * beyond the JSON the client sends, per (tokenizer family × feature), each
 * row with its evidence. Numbers are *on top of* what the engine already
 * counts for the same request (the documented tool-use system prompt, the
 * tool's definition as JSON, message text), so a row is exactly the gap a
 * real count showed. Rows are fitted on recorded public exchanges with real
 * `usage` / `count_tokens` answers (see docs/tokens.md for the method).
 *
 * Feature keys:
 *   `tool:<type>`       a server / Anthropic-defined tool of that exact type
 *   `tool:<base>`       any version of it (type without its _YYYYMMDD date)
 *   `thinking:<type>`   extended thinking enabled / adaptive
 *   `tool_choice:<type>` any / tool / none with tools (auto: with custom
 *                       tools only), beyond the docs' tool-use prompt the
 *                       engine already counts
 *   `output_format`     structured outputs' hidden instructions (the schema
 *                       itself is counted as JSON on top)
 *   `mcp_server`        one MCP server (its tool list is fetched by the API)
 *   `output_config`     output_config other than format (e.g. effort)
 *   `citations`         a document or search result with citations enabled
 *                       (once per request: the citation instructions)
 */
import type { TokenizerFamily } from "./types"

/** One measured (or documented) hidden-token number. */
export interface HiddenRow {
  feature: string
  family: TokenizerFamily
  tokens: number
  /**
   * Only for model ids matching this (a generation whose number differs);
   * rows without it apply to every model of the family.
   */
  models?: RegExp
  /** Where the number comes from: source, model, real count. */
  evidence: string
}

// Evidence shorthands. OBS = measured on recorded public exchanges.
/** Recorded public exchanges (test cassettes), real usage − the engine's count without the row. */
const PYD = "OBS pydantic-ai cassette"
const LLM = "OBS llm-anthropic cassette"
/** Claude 4.5 and later 4.x models (Sonnet/Haiku/Opus 4.5–4.6). */
const GEN_45 = /claude-(?:opus|sonnet|haiku)-4-[5-9]/
const SPEC_OBS = "OBS cassettes, Sonnet 4.5/4.6"

export const HIDDEN_ROWS: readonly HiddenRow[] = [
  {
    feature: "tool:memory",
    family: "legacy",
    tokens: 1210,
    evidence: `${PYD} memory_tool: Sonnet 4.5, real 1,577, engine 368`,
  },
  {
    feature: "tool:web_search",
    family: "legacy",
    models: GEN_45,
    tokens: 1860,
    evidence: `OBS chatlas web-search (Haiku 4.5, real 2,247), ${PYD} (Sonnet 4.5, 2,232)`,
  },
  {
    feature: "tool:web_search",
    family: "legacy",
    models: /claude-3-/,
    tokens: 2330,
    evidence: `${LLM} web-search-20250305: Claude 3.5 Sonnet, real 2,684`,
  },
  {
    feature: "tool:web_search",
    family: "legacy",
    tokens: 1600,
    evidence: `${PYD} web-search-20250305-stream: Sonnet 4.0, real 2,068`,
  },
  {
    feature: "tool:web_search_20260209",
    family: "legacy",
    tokens: 3100,
    evidence: `${SPEC_OBS}: web_search +3,100 (newest)`,
  },
  {
    feature: "tool:web_search_20260318",
    family: "legacy",
    tokens: 4100,
    evidence: `${LLM} web-search: Sonnet 4.6, real 4,491, engine 384`,
  },
  {
    feature: "tool:tool_search_tool_bm25",
    family: "next",
    tokens: 290,
    evidence: `${PYD} lazy-capability: Opus 4.8 real 920, engine 631; Fable 5 887, 598`,
  },
  {
    feature: "tool:code_execution",
    family: "legacy",
    tokens: 1900,
    evidence: `${SPEC_OBS}: +1,900`,
  },
  {
    feature: "tool:computer",
    family: "legacy",
    tokens: 1450,
    evidence: `${SPEC_OBS}: +1,450 (docs: 735 + 466–499)`,
  },
  {
    feature: "tool:text_editor",
    family: "legacy",
    models: /claude-sonnet-4-5/,
    tokens: 0,
    evidence: `${PYD} text_editor_tool: Sonnet 4.5, real 325 / 390, engine 383 / 456`,
  },
  {
    feature: "tool:text_editor",
    family: "legacy",
    tokens: 870,
    evidence: `${PYD} text-editor-sonnet-4-6: real 1,270, engine 397 (docs: 700)`,
  },
  {
    feature: "tool:web_fetch_20260318",
    family: "legacy",
    tokens: 3430,
    evidence: `${LLM} web-fetch: Sonnet 4.6, real 3,830, engine 396`,
  },
  {
    feature: "tool:web_fetch",
    family: "legacy",
    tokens: 400,
    evidence: `${PYD} web-search-and-fetch (Sonnet 4.5, real 2,743), web-tools-2025 (Sonnet 4.6, 4,484)`,
  },
  {
    feature: "tool:bash",
    family: "legacy",
    tokens: 380,
    evidence: `${SPEC_OBS}: +380 (docs: 245)`,
  },
  {
    feature: "tool:advisor",
    family: "next",
    tokens: 730,
    evidence: `${PYD} advisor_tool: Sonnet 5, real 1,128 (first iteration), engine 398`,
  },
  {
    feature: "thinking:adaptive",
    family: "legacy",
    tokens: 0,
    evidence: `${PYD} adaptive_thinking_and_output_tools: Opus 4.6, real 671 = engine + forced tool use`,
  },
  {
    feature: "thinking:adaptive",
    family: "next",
    tokens: 0,
    evidence: `${PYD} opus_5_features: Opus 5, real 13, engine 11`,
  },
  {
    feature: "thinking:enabled",
    family: "legacy",
    tokens: 30,
    evidence: `${PYD} thinking_part: Sonnet 3.7, real 42, engine 12`,
  },
  {
    feature: "tool_choice:any",
    family: "legacy",
    models: GEN_45,
    tokens: 280,
    evidence: `${PYD} 5 forced-tool requests, Sonnet/Haiku 4.5, Opus 4.6 (median)`,
  },
  {
    feature: "tool_choice:tool",
    family: "legacy",
    models: GEN_45,
    tokens: 280,
    evidence: `${PYD} tool-choice-required (Haiku 4.5); req_llm Vertex (Haiku 4.5): real 696`,
  },
  {
    feature: "tool_choice:none",
    family: "legacy",
    models: GEN_45,
    tokens: 182,
    evidence: `${PYD} tool_choice_none: Haiku 4.5, real 571 (as auto)`,
  },
  {
    feature: "tool_choice:auto",
    family: "legacy",
    models: GEN_45,
    tokens: 183,
    evidence: `OBS 18 one-turn tool requests, 4.5/4.6 models (median); one request: Sonnet 4.5 564, Claude 3.7 381`,
  },
  {
    feature: "tool_choice:auto",
    family: "legacy",
    tokens: 0,
    evidence: `${PYD} unsupported-tool-strict: Sonnet 4.0, real 396, engine 425`,
  },
  {
    feature: "tool_choice:auto",
    family: "next",
    tokens: 65,
    evidence: `${PYD} deferred-tools: Opus 5 590, Fable 5 594 (Sonnet 4.6: 658)`,
  },
  {
    feature: "tool_choice:any",
    family: "legacy",
    tokens: 0,
    evidence: `${PYD} vcr-*, amsterdam-any (10): Sonnet 4.0, e.g. real 436, engine 404`,
  },
  {
    feature: "tool_choice:tool",
    family: "legacy",
    tokens: 0,
    evidence: `${PYD} vcr-tool-choice-named: Sonnet 4.0, real 387, engine 365`,
  },
  {
    feature: "tool_choice:none",
    family: "legacy",
    tokens: 0,
    evidence: `${PYD} vcr-tool-choice-none: Sonnet 4.0, real 389, engine 405`,
  },
  {
    feature: "image:url",
    family: "legacy",
    tokens: 275,
    evidence: `${PYD} image_url_input (Haiku 4.5: 284 for the image), ${LLM} image-url (Sonnet 3.5: 264); depends on the fetched image`,
  },
  {
    feature: "document:url",
    family: "legacy",
    tokens: 2670,
    evidence: `${PYD} document_url_input: Sonnet 4.5, real 2,682 (PDF by URL); depends on the file`,
  },
  {
    feature: "citations",
    family: "legacy",
    tokens: 460,
    evidence: `OBS chatlas RAG (Sonnet 4.6): first round of cited results 787, the same again 324`,
  },
  {
    feature: "mcp_server",
    family: "legacy",
    tokens: 300,
    evidence: `${LLM} mcp-toolset (deepwiki, Sonnet 4.6, real 852), ${PYD} mcp-servers (GitHub, Sonnet 4.5, 861); varies by server`,
  },
  {
    feature: "output_format",
    family: "legacy",
    tokens: 132,
    evidence: `${PYD} native_output (real 177) and native_output_strict (196), Sonnet 4.5: +127 / +137 beyond the schema`,
  },
]

/**
 * Features with no measured row for any family: the best guess the engine
 * uses (so a total stays sane) and why. Each is reported as unknown.
 */
export const HIDDEN_GUESSES: Readonly<Record<string, HiddenRow>> = {
  "tool:tool_search_tool_regex": {
    feature: "tool:tool_search_tool_regex",
    family: "next",
    tokens: 290,
    evidence:
      "ASSUMPTION: not measured; taken as the BM25 tool search's size (290 on Opus 4.8 / Fable 5)",
  },
  tool: {
    feature: "tool",
    family: "legacy",
    tokens: 500,
    evidence: "ASSUMPTION: an Anthropic-defined tool with no measured size",
  },
}
