// Redacted sharing: the link keeps the conversation's
// structure and token shape — roles, block types, ids, tool names, model,
// edits, every string's length — but none of its words. Useful for "why did
// this get cleared?" questions about a transcript that cannot be shared.

import { claudeBpe, type ClaudeBpe } from "@/lib/tokens/claude-bpe"

import { fillCounted, fillerState } from "./counted-filler"
import { fillLike } from "./filler"
import { redactImageData } from "./redact-media"
import { redactPdfData } from "./redact-pdf"
import { nearestBase } from "./codec-v3"
import { diffJson } from "./patch"
import type { RedactedFrom, ShareState } from "./types"

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
  // The API's own enums inside server tool results ("max_uses_exceeded",
  // "text"): a filler is not one of their values.
  "error_code",
  "file_type",
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
    // A PDF keeps its pages, their sizes and their text's counts.
    if (
      source?.type === "base64" &&
      typeof source.data === "string" &&
      block.type === "document"
    ) {
      const pdf = redactPdfData(source.data, fill)
      if (pdf !== null) out.source = { ...(out.source as object), data: pdf }
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
// are in exclude_tools; property names are keys and stay anyway): the JSON
// Schema keywords whose values the draft 2020-12 meta-schema constrains
// (a URI, an anchor, a regex, a type, a format, unique names), which a filler
// would make invalid ("JSON schema is invalid": a Claude Agent SDK tool's
// `$schema` URL rewritten).
const TOOL_STRUCTURAL_KEYS = new Set([
  "name",
  "type",
  "required",
  "format",
  "ttl",
  "$ref",
  "$schema",
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$dynamicRef",
  "$recursiveRef",
  "pattern",
  "contentEncoding",
  "contentMediaType",
])
// Keywords whose every string below is a property name (unique, and named
// elsewhere as a key), never prose.
const TOOL_NAME_LISTS = new Set(["dependentRequired", "dependencies"])
// Tool definitions keep names and schemas (they shape the token count and the
// edits' exclude_tools); descriptions, enum values (a team's name is data;
// the meta-schema asks nothing of them), defaults, examples, domain lists and
// locations are filled.
function redactTools(
  node: unknown,
  key: string,
  fill: Fill,
  keepAll = false
): unknown {
  if (typeof node === "string") {
    return keepAll || TOOL_STRUCTURAL_KEYS.has(key) ? node : fill(node)
  }
  if (Array.isArray(node))
    return node.map((c) => redactTools(c, key, fill, keepAll))
  if (node !== null && typeof node === "object") {
    const out: Record<string, unknown> = {}
    for (const [k, child] of Object.entries(node)) {
      out[k] = redactTools(child, k, fill, keepAll || TOOL_NAME_LISTS.has(k))
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
 * (counted-filler.ts); ids, tool names, model, edits and the keywords of
 * tool schemas are kept. Never mutates. Deterministic string by string, so
 * a request that started from built-in content carries that base and a
 * patch from the redacted base (`redactedFrom`, for a short link). `bpe`:
 * the counter (default: the Claude BPE, built on first use).
 */
export function redactState(
  state: ShareState,
  bpe: ClaudeBpe = claudeBpe()
): ShareState {
  const filler = fillerState(bpe)
  const fill = (text: string) => fillCounted(text, filler)
  const request = redactRequest(state.request, fill)
  const out: ShareState = { ...state, request }
  delete out.redactedFrom
  const from = baseOf(state.request, request, fill)
  if (from) out.redactedFrom = from
  if (typeof state.requestText === "string") {
    out.requestText = redactJsonText(state.requestText)
  }
  return out
}

/** A request redacted as redactState redacts it (the link reader's base). */
export function redactRequestOnly(request: unknown): unknown {
  const filler = fillerState(claudeBpe())
  return redactRequest(request, (text) => fillCounted(text, filler))
}

/**
 * The built-in example `request` started from, with the patch from that
 * example redacted to `redacted`, or null when none is near (codec-v3.ts).
 */
function baseOf(
  request: unknown,
  redacted: unknown,
  fill: Fill
): RedactedFrom | null {
  if (typeof request !== "object" || request === null) return null
  const found = nearestBase(request)
  if (!found) return null
  const { ref, hash } = found.base
  // Unchanged: the redacted request is the redacted base, string for string.
  if (!found.patch) return { ref, hash }
  const patch = diffJson(redactRequest(found.base.request, fill), redacted)
  return patch ? { ref, hash, patch } : { ref, hash }
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
