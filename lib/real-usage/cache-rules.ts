/**
 * Prompt-cache facts a replay needs per model, as data with their evidence
 * (docs/semantics.md#session-replay). Cache read and write prices are in
 * lib/context-editing/request/prices.ts (a read is not always 0.1× the input price:
 * Opus 5.5 0.05×, Fable/Mythos 5.1 0.025×).
 */
import { getModelInfo } from "@/lib/context-editing"

/** The shortest prompt prefix a model caches, in tokens; below it nothing is cached and nothing says so. */
interface MinimumRow {
  tokens: number
  evidence: string
}

const DOC = "DOC: prompt caching, minimum cacheable prompt length"
const SDK_1194 =
  "3P: anthropic-sdk-python#1194 (Sonnet 4.6 did not cache below 2,048)"

/** Canonical model id (or family prefix) → minimum; first match wins. */
export const MIN_CACHEABLE: ReadonlyArray<readonly [RegExp, MinimumRow]> = [
  [/^claude-(opus-5|fable-5|mythos-5)/, { tokens: 512, evidence: DOC }],
  [/^claude-mythos-preview/, { tokens: 512, evidence: DOC }],
  [/^claude-opus-4-8/, { tokens: 1024, evidence: DOC }],
  [/^claude-sonnet-5/, { tokens: 1024, evidence: DOC }],
  [/^claude-sonnet-4-6/, { tokens: 2048, evidence: SDK_1194 }],
  [/^claude-opus-4-7/, { tokens: 2048, evidence: DOC }],
  [/^claude-(opus-4-6|opus-4-5)/, { tokens: 4096, evidence: DOC }],
  [/^claude-haiku-4-5/, { tokens: 4096, evidence: DOC }],
  [/^claude-haiku-5/, { tokens: 4096, evidence: "ASSUMPTION: as Haiku 4.5" }],
  [/^claude-3(-5)?-haiku/, { tokens: 2048, evidence: DOC }],
  [/^claude-/, { tokens: 1024, evidence: DOC }],
]

/** Each model row's minimum, once found (a log's replay asks at every call). */
const MINIMUM_OF = new WeakMap<object, number>()

/** The minimum cacheable prefix of a model id (aliases, Bedrock and Vertex ids resolve). */
export function minCacheable(model: string): number {
  const info = getModelInfo(model)
  let tokens = MINIMUM_OF.get(info)
  if (tokens === undefined) {
    tokens = MIN_CACHEABLE.find(([re]) => re.test(info.id))?.[1].tokens ?? 1024
    MINIMUM_OF.set(info, tokens)
  }
  return tokens
}

/** How long a cache entry lives after its last use, in milliseconds (DOC S-PC). */
export const TTL_MS = { "5m": 5 * 60_000, "1h": 60 * 60_000 } as const
