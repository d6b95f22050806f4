/**
 * One block's tokens, counted without caching: the framing around it, its
 * text (sampled by text.ts), tool inputs as JSON, images, documents and
 * PDFs, search results. heuristic-estimator.ts wraps these counts in the
 * estimator's caches.
 */
import {
  DEFAULT_DOCUMENT_TOKENS,
  DEFAULT_IMAGE_TOKENS,
  imageSizeFromBase64,
  imageTokensFromSize,
} from "./image"
import { extensions } from "@/lib/extensions/registry"

import { searchResultTokens } from "./document"
import { HIDDEN_ROWS } from "./hidden-table"
import { rawJsonTokens } from "./json-walk"
import {
  FAMILY_NOW,
  rawTextTokens,
  REFINING,
  TEXT_OUT,
  textTokensOut,
} from "./text"
import type { EstimateContext, TokenizerFamily } from "./types"

/** Text-token multiplier per tokenizer family (docs/semantics.md#hidden-overheads: the new one ≈ +30 %). */
export const FAMILY_MULTIPLIER: Record<TokenizerFamily, number> = {
  legacy: 1,
  next: 1.3,
}

/** Framing constants in raw legacy tokens (role markers, block wrappers). */
export const FRAMING = {
  /** Per message; a single user message is billed text + 3 (docs/semantics.md#hidden-overheads). */
  message: 3,
  /** Per content block of any kind. */
  block: 1,
  /**
   * A tool call's wrapper beyond its name and input (its id is not shown to
   * the model). Fitted on 24 consecutive recorded requests that differ by one
   * tool round trip (docs/tokens.md, "Tool calls").
   */
  toolUse: 20,
  /** Each top-level input parameter, rendered as its own tagged element. */
  param: 6,
  /** The wrapper of a tool_result style block beyond its content. */
  toolResult: 20,
} as const

/**
 * A document or search result with citations enabled is shown split into
 * indexed passages the model can cite: ≈96 tokens beyond its text (OBS
 * chatlas RAG cassette, two search results per tool result, Sonnet 4.6: a
 * second round of the same two results costs 324, ≈96 per result beyond
 * their text and the tool call's and result's own wrappers).
 * The one-time citation instructions are a hidden part (hidden-table.ts).
 */
const CITABLE_BLOCK = 96
const citable = (b: Obj): boolean =>
  isObj(b.citations) && b.citations.enabled === true

/**
 * Per client tool definition: its wrapper in the tool-use prompt. OBS the
 * same request with one and with three tools on Claude 3 Haiku, 3 Opus and
 * 3.5 Sonnet (req_llm fixtures) is 15 above the docs' prompt size plus the
 * definitions' JSON, per tool (docs/tokens.md, "Tool-use prompt per model").
 */
export const TOOL_DEFINITION = 15

export type Obj = Record<string, unknown>
export const isObj = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v)
export const str = (v: unknown): string => (typeof v === "string" ? v : "")

// Raw tokens split into text-like (scaled by family) and pixel-based (not
// scaled). Module-level accumulators instead of an object per block: counting
// is the hot loop of a first simulation. Counting never re-enters itself
// except through blockRaw's own recursion, which adds to the same sums.
// (A typed array, not two `let`s: writing a double to a module variable
// allocates a heap number every time.)
const SUMS = new Float64Array(2)
const TEXT = 0
const FIXED = 1
const addText = (x: number): void => {
  SUMS[TEXT] = SUMS[TEXT]! + x
}
const addFixed = (x: number): void => {
  SUMS[FIXED] = SUMS[FIXED]! + x
}

// The count of the last string seen in each slot: tool names repeat, a
// result's tool_use_id is usually the id of the use just before it, and a
// placeholder is the same for every cleared result. Equal strings have equal
// counts, and comparing two strings is cheaper than sampling one again.
const NAME = 0
const CONTENT = 2
const MEMO_TEXT = ["", "", ""]
const MEMO = new Float64Array(3) // the count of "" is 0

function memoTokens(slot: number, text: string, forceCode: boolean): number {
  // With a refine table active the count of a string may differ: no memo.
  if (REFINING.table !== null) {
    textTokensOut(text, forceCode)
    return TEXT_OUT[0]!
  }
  if (text !== MEMO_TEXT[slot]) {
    textTokensOut(text, forceCode)
    MEMO[slot] = TEXT_OUT[0]!
    MEMO_TEXT[slot] = text
  }
  return MEMO[slot]!
}

const nameTokens = (name: string): number => memoTokens(NAME, name, true)

/** Top-level keys of a tool call's input (each is rendered as a parameter). */
function keyCount(input: unknown): number {
  if (!isObj(input)) return 0
  let n = 0
  // JSON.stringify leaves out an undefined property: it is not sent.
  for (const k in input)
    if (
      Object.prototype.hasOwnProperty.call(input, k) &&
      input[k] !== undefined
    )
      n++
  return n
}

/** A measured size from the hidden-token table (pixel/page based: not scaled by family). */
const measured = (feature: string, fallback: number): number =>
  HIDDEN_ROWS.find((r) => r.feature === feature)?.tokens ?? fallback

// Images and documents the API fetches by URL: sizes measured on recorded
// exchanges (hidden-table.ts), since the client cannot see the file.
const IMAGE_URL_TOKENS = measured("image:url", DEFAULT_IMAGE_TOKENS)
const DOCUMENT_URL_TOKENS = measured("document:url", DEFAULT_DOCUMENT_TOKENS)

function imageRaw(block: Obj): number {
  const src = block.source
  if (isObj(src) && src.type === "base64" && typeof src.data === "string") {
    const size = imageSizeFromBase64(src.data)
    if (size) return imageTokensFromSize(size.width, size.height)
  }
  if (isObj(src) && src.type === "url") return IMAGE_URL_TOKENS
  return DEFAULT_IMAGE_TOKENS
}

function contentRaw(content: unknown): void {
  if (typeof content === "string") {
    textTokensOut(content)
    addText(TEXT_OUT[0]!)
  } else if (Array.isArray(content)) for (const b of content) blockRaw(b)
  else if (content !== undefined && content !== null)
    addText(rawJsonTokens(content))
}

/** A base64 PDF: its extracted text plus a page image per page (document.ts). */
function pdfRaw(data: string): void {
  const pdf = extensions.pdfParts?.(data) ?? null
  if (!pdf) {
    addFixed(DEFAULT_DOCUMENT_TOKENS)
    return
  }
  textTokensOut(pdf.text)
  addText(TEXT_OUT[0]!)
  addFixed(pdf.images)
}

function documentRaw(block: Obj): void {
  const src = block.source
  addText(rawTextTokens(str(block.title)) + rawTextTokens(str(block.context)))
  if (isObj(src) && src.type === "text") addText(rawTextTokens(str(src.data)))
  else if (isObj(src) && src.type === "content") contentRaw(src.content)
  else if (isObj(src) && src.type === "url") addFixed(DOCUMENT_URL_TOKENS)
  else if (isObj(src) && src.type === "base64") pdfRaw(str(src.data))
  else addFixed(DEFAULT_DOCUMENT_TOKENS)
}

function blockRaw(block: unknown): void {
  if (typeof block === "string") {
    addText(rawTextTokens(block))
    return
  }
  if (!isObj(block)) return
  addText(FRAMING.block)
  const type = str(block.type)
  switch (type) {
    case "text":
      textTokensOut(str(block.text))
      addText(TEXT_OUT[0]!)
      return
    case "thinking":
      // The signature is opaque verification data, not model-visible text.
      textTokensOut(str(block.thinking))
      addText(TEXT_OUT[0]!)
      return
    case "redacted_thinking":
      // Encrypted thinking: ≈ one token per 4 chars of ciphertext.
      addText(str(block.data).length / 4)
      return
    case "image":
      addFixed(imageRaw(block))
      return
    case "document":
      documentRaw(block)
      if (citable(block)) addText(CITABLE_BLOCK)
      return
    case "search_result":
      addText(
        rawTextTokens(str(block.title)) + rawTextTokens(str(block.source), true)
      )
      contentRaw(block.content)
      if (citable(block)) addText(CITABLE_BLOCK)
      return
    case "web_search_result":
      addText(searchResultTokens(block))
      return
    case "compaction":
      if (typeof block.content === "string")
        addText(rawTextTokens(block.content))
      else addText(str(block.encrypted_content).length / 4)
      return
    case "tool_use":
    case "server_tool_use":
    case "mcp_tool_use":
      addText(FRAMING.toolUse + nameTokens(str(block.name)))
      addText(
        rawJsonTokens(block.input) + FRAMING.param * keyCount(block.input)
      )
      return
    default:
      if (typeof block.tool_use_id === "string") {
        // tool_result, mcp_tool_result and every server *_tool_result.
        addText(FRAMING.toolResult)
        contentRaw(block.content)
        return
      }
      addText(rawJsonTokens(block))
  }
}

/**
 * Tells the text counter which family the counts about to be made are for
 * (FAMILY_NOW in text.ts: wide text keeps its count across families); the
 * memo of recent strings is per family.
 */
export function setCountingFamily(ctx: EstimateContext): void {
  const mult = FAMILY_MULTIPLIER[ctx.family] ?? 1
  if (FAMILY_NOW.mult === mult) return
  FAMILY_NOW.mult = mult
  MEMO_TEXT[NAME] = MEMO_TEXT[1] = MEMO_TEXT[CONTENT] = ""
  MEMO.fill(0)
}

export function finish(
  text: number,
  fixed: number,
  ctx: EstimateContext
): number {
  const mult =
    (FAMILY_MULTIPLIER[ctx.family] ?? 1) * (ctx.factor > 0 ? ctx.factor : 1)
  return Math.ceil(text * mult + fixed)
}

/** Tokens of one block without any caching (see uncachedBlockCounter). */
export function countBlockRaw(block: unknown, ctx: EstimateContext): number {
  setCountingFamily(ctx)
  if (!isObj(block))
    return typeof block === "string" ? finish(rawTextTokens(block), 0, ctx) : 0
  SUMS[TEXT] = 0
  SUMS[FIXED] = 0
  blockRaw(block)
  return finish(SUMS[TEXT]!, SUMS[FIXED]!, ctx)
}

// Types blockRaw handles before its default (tool result) branch.
const OWN_BRANCH = new Set([
  "web_search_result",
  "text",
  "thinking",
  "redacted_thinking",
  "image",
  "document",
  "search_result",
  "compaction",
  "tool_use",
  "server_tool_use",
  "mcp_tool_use",
])

/**
 * countBlockRaw({ ...block, content }) for a string `content`, without
 * building the copy: for a tool result (the block clear_tool_uses empties)
 * the same additions in the same order as blockRaw's default branch, so the
 * result is identical; any other block is copied and counted.
 */
export function countWithContent(
  block: Obj,
  content: string,
  ctx: EstimateContext
): number {
  setCountingFamily(ctx)
  const type = block.type
  if (
    typeof block.tool_use_id !== "string" ||
    // "tool_result" (the common case) is not in the set: skip hashing it.
    (type !== "tool_result" && OWN_BRANCH.has(str(type)))
  )
    return countBlockRaw({ ...block, content }, ctx)
  let text = FRAMING.block
  text += FRAMING.toolResult
  text += memoTokens(CONTENT, content, false)
  return finish(text, 0, ctx)
}
