import type * as JsoncParser from "jsonc-parser"

import { parseJsonNative, type ParseLocatedResult } from "./parse-native"

// jsonc-parser is needed only once something is wrong (an error to locate),
// to select a block's JSON in the editor, or to map the cursor to a block:
// never to show a valid request. Loading it on demand keeps it out of the
// page's first-load JS; the page asks for it right after it starts, so by
// the time a person types it is there.

export type Jsonc = typeof JsoncParser
type Locate = (text: string) => ParseLocatedResult

interface JsonTools {
  jsonc: Jsonc
  parseJsonLocated: Locate
}

let tools: JsonTools | null = null
let loading: Promise<JsonTools> | null = null

/** Loads jsonc-parser and the error locator once; later calls share the load. */
export function loadJsonTools(): Promise<JsonTools> {
  loading ??= Promise.all([import("jsonc-parser"), import("./parse-located")])
    .then(([jsonc, located]) => {
      tools = { jsonc, parseJsonLocated: located.parseJsonLocated }
      return tools
    })
    .catch((error: unknown) => {
      loading = null // a failed chunk load may be retried
      throw error
    })
  return loading
}

/** The tools if they have loaded, else null (and they start loading). */
export function loadedJsonTools(): JsonTools | null {
  if (!tools) void loadJsonTools().catch(() => undefined)
  return tools
}

/** What an invalid text gets while the locator is still loading. */
const UNLOCATED_JSON_ERROR = {
  message: "Not valid JSON (finding where…)",
  line: 1,
  column: 1,
  offset: 0,
  length: 0,
  pending: true,
} as const

/**
 * parseJsonLocated without waiting: the same result once the locator has
 * loaded; before that, an invalid text gets UNLOCATED_JSON_ERROR (pending).
 */
export function parseJsonLocatedNow(text: string): ParseLocatedResult {
  const native = parseJsonNative(text)
  if (native) return native
  const ready = loadedJsonTools()
  if (ready) return ready.parseJsonLocated(text)
  return { success: false, error: { ...UNLOCATED_JSON_ERROR } }
}
