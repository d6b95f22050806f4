// Builders for the small requests the specs open, type or share, so a spec
// says what its conversation holds instead of repeating the request's shell.
// Longer sessions come from lib/context-editing/__fixtures__/build.

import { user } from "../test/messages"

export { assistant, user } from "../test/messages"

/**
 * A request of `messages`, on Sonnet 4.6 with max_tokens 64 unless `fields`
 * says otherwise (fields after `messages`, e.g. `context_management`, come
 * after it in the JSON).
 */
export function request(
  messages: { role: string; [field: string]: unknown }[],
  fields: Record<string, unknown> = {}
): Record<string, unknown> {
  return { model: "claude-sonnet-4-6", max_tokens: 64, messages, ...fields }
}

/** The `#request=` deep link (a URL fragment) of a request. */
export const requestFragment = (request: unknown) =>
  `#request=${encodeURIComponent(JSON.stringify(request))}`

/** A request of one user message with `text`. */
export const ask = (text: string, fields: Record<string, unknown> = {}) =>
  request([user(text)], fields)
