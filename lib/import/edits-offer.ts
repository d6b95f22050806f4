import { lineColumn } from "./bounds"
import { assignments } from "./sdk-call/bindings"
import { LiteralParser, withoutUnknown } from "./sdk-call/literal"

/**
 * A `context_management` configuration in a text that holds no request to
 * import — the docs' configuration snippets (`messages=[...]` spelled out,
 * or `messages=messages`): offered as "apply these edits to my
 * conversation" instead of refused. Read with the SDK reader (Python and
 * TypeScript literals, JSON bodies, variables the snippet binds).
 */

export interface EditsOffer {
  /** The configuration, as the request's `context_management`. */
  context_management: { edits: Array<Record<string, unknown>> } & Record<
    string,
    unknown
  >
  /** 1-based line where it is written. */
  line: number
  /** How many configurations the text holds (the first is offered). */
  found: number
}

const KEY = /["']?\bcontext_management["']?[ \t]*[:=](?!=)/g
/** Most configurations read from one text. */
const MAX_READ = 20

function isEdit(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { type?: unknown }).type === "string"
  )
}

/** The configuration read at `at`, if it is `{edits: [{type…}, …]}`. */
function configAt(parser: LiteralParser, at: number) {
  let value: unknown
  try {
    value = withoutUnknown(parser.value(at).value)
  } catch (error) {
    if (error instanceof RangeError) return null // nested too deeply
    throw error
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return null
  const edits = (value as { edits?: unknown }).edits
  if (!Array.isArray(edits) || edits.length === 0 || !edits.every(isEdit))
    return null
  return value as EditsOffer["context_management"]
}

/** The first `context_management` configuration in `text`, or null. */
export function findEditsOffer(text: string): EditsOffer | null {
  if (!text.includes("context_management")) return null
  const parser = new LiteralParser(text, assignments(text))
  let first: { config: EditsOffer["context_management"]; at: number } | null =
    null
  const distinct = new Set<string>()
  let read = 0
  for (const m of text.matchAll(KEY)) {
    if (++read > MAX_READ) break
    const config = configAt(parser, m.index + m[0].length)
    if (!config) continue
    distinct.add(JSON.stringify(config))
    first ??= { config, at: m.index }
  }
  if (!first) return null
  return {
    context_management: first.config,
    line: lineColumn(text, first.at).line,
    found: distinct.size,
  }
}
