// Redacted sharing: the link keeps the conversation's
// structure and token shape — roles, block types, ids, tool names, model,
// edits, every string's length — but none of its words. Useful for "why did
// this get cleared?" questions about a transcript that cannot be shared.

import { claudeBpe, type ClaudeBpe } from "@/lib/tokens/claude-bpe"

import { fillCounted, fillerState } from "./counted-filler"
import { fillLike } from "./filler"
import { redactImageData } from "./redact-media"
import type { ShareState } from "./types"

/** Replaces one string's words. */
type Fill = (text: string) => string

// Strings under these keys describe structure, not content, and stay as is.
const STRUCTURAL_KEYS = new Set([
  "type",
  "id",
  "tool_use_id",
  "name",
  "role",
  "clear_at",
  "effort",
  "media_type",
  "ttl",
  "file_id",
  "server_name",
])

// Tool inputs are user data through and through: every string goes, even
// under keys that look structural elsewhere (an input may have its own "id").
const ALL_STRINGS_KEYS = new Set(["input"])

/** A number with its digits replaced (same length and sign), e.g. an account number in a tool input. */
function fillNumber(n: number): number {
  if (!Number.isFinite(n)) return n
  const filled = Number(fillLike(String(n)))
  return Number.isFinite(filled) ? filled : 0
}

function redactContent(
  node: unknown,
  key: string,
  fillAll: boolean,
  fill: Fill
): unknown {
  if (typeof node === "string") {
    return !fillAll && STRUCTURAL_KEYS.has(key) ? node : fill(node)
  }
  // Numbers in message blocks are structure (indices, sizes) except inside
  // tool inputs, which are user data through and through.
  if (typeof node === "number") return fillAll ? fillNumber(node) : node
  if (Array.isArray(node)) {
    return node.map((child) => redactContent(child, key, fillAll, fill))
  }
  if (node !== null && typeof node === "object") {
    const block = node as Record<string, unknown>
    const source = block.source as Record<string, unknown> | undefined
    const out: Record<string, unknown> = {}
    for (const [k, child] of Object.entries(node)) {
      out[k] = redactContent(child, k, fillAll || ALL_STRINGS_KEYS.has(k), fill)
    }
    // An image keeps its pixel size (its token estimate), nothing else.
    if (
      source &&
      typeof source === "object" &&
      source.type === "base64" &&
      typeof source.data === "string" &&
      block.type === "image"
    )
      out.source = {
        ...(out.source as object),
        data: redactImageData(source.data, source.media_type),
      }
    return out
  }
  return node
}

// Strings of tool definitions that shape the schema or the edits (tool names
// are in exclude_tools; property names are keys and stay anyway).
const TOOL_STRUCTURAL_KEYS = new Set([
  "name",
  "type",
  "required",
  "format",
  "ttl",
  "$ref",
])

// Tool definitions keep names and schemas (they shape the token count and the
// edits' exclude_tools); descriptions, enum values, defaults, examples,
// domain lists and locations are filled.
function redactTools(node: unknown, key: string, fill: Fill): unknown {
  if (typeof node === "string") {
    return TOOL_STRUCTURAL_KEYS.has(key) ? node : fill(node)
  }
  if (Array.isArray(node)) return node.map((c) => redactTools(c, key, fill))
  if (node !== null && typeof node === "object") {
    const out: Record<string, unknown> = {}
    for (const [k, child] of Object.entries(node)) {
      out[k] = redactTools(child, k, fill)
    }
    return out
  }
  return node
}

// The edits keep every setting; only compaction's prompt is prose.
function redactEdits(cm: unknown, fill: Fill): unknown {
  if (cm === null || typeof cm !== "object" || Array.isArray(cm)) return cm
  const edits = (cm as Record<string, unknown>).edits
  if (!Array.isArray(edits)) return cm
  return {
    ...cm,
    edits: edits.map((e: unknown) =>
      e !== null &&
      typeof e === "object" &&
      typeof (e as Record<string, unknown>).instructions === "string"
        ? {
            ...e,
            instructions: fill(
              (e as Record<string, unknown>).instructions as string
            ),
          }
        : e
    ),
  }
}

function redactRequest(request: unknown, fill: Fill): unknown {
  if (typeof request === "string") return redactJsonText(request)
  if (
    request === null ||
    typeof request !== "object" ||
    Array.isArray(request)
  ) {
    return redactContent(request, "", false, fill)
  }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(request)) {
    if (key === "messages" || key === "system") {
      out[key] = redactContent(value, key, false, fill)
    } else if (key === "tools") {
      out[key] = redactTools(value, key, fill)
    } else if (
      key === "metadata" ||
      key === "stop_sequences" ||
      key === "mcp_servers"
    ) {
      // A user id, words the user stops on, server names and URLs.
      out[key] = redactContent(value, key, key === "metadata", fill)
    } else if (key === "context_management") {
      out[key] = redactEdits(value, fill)
    } else {
      // model, max_tokens, thinking, context_management (the edits), …
      out[key] = value
    }
  }
  return out
}

/**
 * Returns a copy whose message text, thinking (and signatures), tool inputs'
 * strings, tool results, system prompt and tool descriptions are replaced by
 * filler with the same counted (Claude BPE) tokens and content class
 * (counted-filler.ts); ids, tool names, model and edits are kept. Never
 * mutates. `bpe`: the counter (default: the Claude BPE, built on first use).
 */
export function redactState(
  state: ShareState,
  bpe: ClaudeBpe = claudeBpe()
): ShareState {
  const filler = fillerState(bpe)
  const fill = (text: string) => fillCounted(text, filler)
  const out: ShareState = {
    ...state,
    request: redactRequest(state.request, fill),
  }
  if (typeof state.requestText === "string") {
    out.requestText = redactJsonText(state.requestText)
  }
  return out
}

const KEEP_WORDS = new Set(["true", "false", "null"])

function isWordChar(c: number, first: boolean): boolean {
  return (
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    c === 0x5f ||
    c > 0x7f ||
    (!first && c >= 0x30 && c <= 0x39)
  )
}

/**
 * Redacts editor text that may not parse: JSON keys, structural values
 * (`"type": "tool_use"`), numbers and punctuation stay; other string values,
 * everything inside an `"input"` and bare words become same-length filler.
 */
export function redactJsonText(text: string): string {
  let out = ""
  let lastKey = ""
  let depth = 0
  let pendingInput = false
  let inputDepth = -1 // while depth > inputDepth >= 0, every value is filled
  let i = 0
  while (i < text.length) {
    const c = text[i] as string
    if (c === '"') {
      let end = i + 1
      while (end < text.length && text[end] !== '"') {
        end += text[end] === "\\" ? 2 : 1
      }
      const body = text.slice(i + 1, Math.min(end, text.length))
      let next = end + 1
      while (next < text.length && /\s/.test(text[next] as string)) next++
      const isKey = text[next] === ":"
      // `"input":` arms the fill-everything mode for the value that follows.
      pendingInput = isKey && inputDepth < 0 && body === "input"
      if (isKey) lastKey = body
      const keep = isKey || (inputDepth < 0 && STRUCTURAL_KEYS.has(lastKey))
      out += '"' + (keep ? body : fillEscaped(body))
      if (end < text.length) out += '"'
      i = end + 1
    } else if (isWordChar(c.charCodeAt(0), true)) {
      let end = i
      while (end < text.length && isWordChar(text.charCodeAt(end), false)) end++
      const word = text.slice(i, end)
      out += KEEP_WORDS.has(word) ? word : fillLike(word)
      pendingInput = false
      i = end
    } else {
      if (c === "{" || c === "[") {
        if (pendingInput) inputDepth = depth
        pendingInput = false
        depth++
      } else if (c === "}" || c === "]") {
        depth--
        if (depth <= inputDepth) inputDepth = -1
      } else if (c !== ":" && !/\s/.test(c)) {
        pendingInput = false
      }
      out += c
      i++
    }
  }
  return out
}

// Fills a JSON string body but keeps escapes valid: `\n`, `\"`, … stay (they
// are layout), `\uXXXX` becomes six filler letters (it could spell anything).
function fillEscaped(body: string): string {
  return body.replace(/(\\u[0-9a-fA-F]{4})|(\\.)|([^\\]+)/g, (m, u, esc) => {
    if (u) return fillLike("uuuuuu")
    if (esc) return m
    return fillLike(m)
  })
}
