/**
 * Blocks the engine counts from fields other than text: replayed web search
 * results (their encrypted content). PDFs are counted by the PDF extension
 * (lib/extensions/pdf-count.ts), asked for through the registry.
 */
import { rawTextTokens } from "./text"

/**
 * Characters of a replayed search result's `encrypted_content` per token.
 * The API counts the page the model saw, which the client cannot read: OBS
 * chatlas web-search cassette (Haiku 4.5), ten replayed results of 42,288
 * characters in all raised the count by 15,409 tokens beyond the request's
 * other text: ≈2.85 characters per token (docs/tokens.md).
 */
export const ENCRYPTED_CHARS_PER_TOKEN = 2.85

/** Raw tokens of one web search result replayed in a later request. */
export function searchResultTokens(block: Record<string, unknown>): number {
  const s = (v: unknown) => (typeof v === "string" ? v : "")
  return (
    rawTextTokens(s(block.title)) +
    rawTextTokens(s(block.url), true) +
    rawTextTokens(s(block.page_age)) +
    4 +
    s(block.encrypted_content).length / ENCRYPTED_CHARS_PER_TOKEN
  )
}
