import {
  DEFAULT_DOCUMENT_TOKENS,
  DEFAULT_IMAGE_TOKENS,
  imageSizeFromBase64,
  imageTokensFromSize,
} from "./image"
import { rawJsonTokens } from "./json-walk"
import { rawTextTokens } from "./text"
import type { EstimateContext, TokenEstimator, TokenizerFamily } from "./types"

/** Text-token multiplier per tokenizer family (spec §8.2: the new one ≈ +30 %). */
export const FAMILY_MULTIPLIER: Record<TokenizerFamily, number> = {
  legacy: 1,
  next: 1.3,
}

/** Framing constants in raw legacy tokens (role markers, block wrappers). */
export const FRAMING = {
  /** Per message; a single user message is billed text + 3 (spec §8.2). */
  message: 3,
  /** Per content block of any kind. */
  block: 1,
  /** Extra wrapper of tool_use / tool_result style blocks (name, id, tags). */
  tool: 4,
} as const

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v)
const str = (v: unknown): string => (typeof v === "string" ? v : "")

/** Raw tokens split into text-like (scaled by family) and pixel-based (not scaled). */
interface Raw {
  text: number
  fixed: number
}

function imageRaw(block: Obj): number {
  const src = block.source
  if (isObj(src) && src.type === "base64" && typeof src.data === "string") {
    const size = imageSizeFromBase64(src.data)
    if (size) return imageTokensFromSize(size.width, size.height)
  }
  return DEFAULT_IMAGE_TOKENS
}

function contentRaw(content: unknown, acc: Raw): void {
  if (typeof content === "string") acc.text += rawTextTokens(content)
  else if (Array.isArray(content)) for (const b of content) blockRaw(b, acc)
  else if (content !== undefined && content !== null)
    acc.text += rawJsonTokens(content)
}

function documentRaw(block: Obj, acc: Raw): void {
  const src = block.source
  acc.text +=
    rawTextTokens(str(block.title)) + rawTextTokens(str(block.context))
  if (isObj(src) && src.type === "text")
    acc.text += rawTextTokens(str(src.data))
  else if (isObj(src) && src.type === "content") contentRaw(src.content, acc)
  else acc.fixed += DEFAULT_DOCUMENT_TOKENS
}

function blockRaw(block: unknown, acc: Raw): void {
  if (typeof block === "string") {
    acc.text += rawTextTokens(block)
    return
  }
  if (!isObj(block)) return
  acc.text += FRAMING.block
  const type = str(block.type)
  switch (type) {
    case "text":
      acc.text += rawTextTokens(str(block.text))
      return
    case "thinking":
      // The signature is opaque verification data, not model-visible text.
      acc.text += rawTextTokens(str(block.thinking))
      return
    case "redacted_thinking":
      // Encrypted thinking: ≈ one token per 4 chars of ciphertext.
      acc.text += str(block.data).length / 4
      return
    case "image":
      acc.fixed += imageRaw(block)
      return
    case "document":
      documentRaw(block, acc)
      return
    case "compaction":
      if (typeof block.content === "string")
        acc.text += rawTextTokens(block.content)
      else acc.text += str(block.encrypted_content).length / 4
      return
    case "tool_use":
    case "server_tool_use":
    case "mcp_tool_use":
      acc.text += FRAMING.tool + rawTextTokens(str(block.name), true)
      acc.text +=
        rawTextTokens(str(block.id), true) + rawJsonTokens(block.input)
      return
    default:
      if (typeof block.tool_use_id === "string") {
        // tool_result, mcp_tool_result and every server *_tool_result.
        acc.text += FRAMING.tool + rawTextTokens(block.tool_use_id, true)
        contentRaw(block.content, acc)
        return
      }
      acc.text += rawJsonTokens(block)
  }
}

function finish(raw: Raw, ctx: EstimateContext): number {
  const mult =
    (FAMILY_MULTIPLIER[ctx.family] ?? 1) * (ctx.factor > 0 ? ctx.factor : 1)
  return Math.ceil(raw.text * mult + raw.fixed)
}

/**
 * Creates the default chars-per-token estimator. Per-block results are cached
 * in a WeakMap keyed by block identity (per family/factor), so re-simulating
 * the same conversation with a different edit config re-uses them.
 */
export function createHeuristicEstimator(): TokenEstimator {
  const caches = new Map<string, WeakMap<object, number>>()
  // Most calls repeat the previous context: skip the key building then.
  let last: {
    family: string
    factor: number
    cache: WeakMap<object, number>
  } | null = null
  const cacheFor = (ctx: EstimateContext) => {
    if (last && last.family === ctx.family && last.factor === ctx.factor)
      return last.cache
    const key = `${ctx.family}:${ctx.factor}`
    let c = caches.get(key)
    if (!c) {
      c = new WeakMap()
      caches.set(key, c)
    }
    last = { family: ctx.family, factor: ctx.factor, cache: c }
    return c
  }
  const countText = (text: string, ctx: EstimateContext) =>
    finish({ text: rawTextTokens(text), fixed: 0 }, ctx)
  return {
    id: "heuristic-v1",
    countBlock(block, ctx) {
      if (!isObj(block))
        return typeof block === "string" ? countText(block, ctx) : 0
      const cache = cacheFor(ctx)
      const hit = cache.get(block)
      if (hit !== undefined) return hit
      const acc: Raw = { text: 0, fixed: 0 }
      blockRaw(block, acc)
      const n = finish(acc, ctx)
      cache.set(block, n)
      return n
    },
    countSystem(system, ctx) {
      if (typeof system === "string") return countText(system, ctx)
      if (!Array.isArray(system)) return 0
      let raw = 0
      for (const b of system) raw += isObj(b) ? rawTextTokens(str(b.text)) : 0
      return finish({ text: raw, fixed: 0 }, ctx)
    },
    countTools(tools, ctx) {
      let raw = 0
      for (const t of tools) {
        if (!isObj(t)) continue
        // Client tools are rendered from name + description + schema; server
        // tools (typed, e.g. web_search_20250305) by their small definition.
        const shown =
          t.input_schema !== undefined
            ? {
                name: t.name,
                description: t.description,
                input_schema: t.input_schema,
              }
            : t
        raw += rawJsonTokens(shown)
      }
      return finish({ text: raw, fixed: 0 }, ctx)
    },
    countText,
    messageOverhead: (ctx) => finish({ text: FRAMING.message, fixed: 0 }, ctx),
    scaleOverhead: (tokens, ctx) => finish({ text: tokens, fixed: 0 }, ctx),
  }
}

/** The shared default estimator (its caches are weak, so sharing is safe). */
export const defaultEstimator: TokenEstimator = createHeuristicEstimator()
