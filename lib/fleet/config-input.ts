/**
 * The config `npm run report -- --config <file or permalink>` replays every
 * session with: a playground permalink (`…/#v2.…`, `#v1.…`), a folder
 * summary permalink (`#sessions.v1.…`), or JSON — an edits array, an
 * object with `edits`, or a request with `context_management`. Bad input
 * gets a message that says what was expected; nothing throws.
 */
import { parseEdits } from "@/lib/context-editing/rules/parse-edits"
import { decodeFragment } from "@/lib/share"

import { editsOfRequest } from "./config"
import { decodeSummary, SUMMARY_PREFIX } from "./permalink"

export interface ConfigInput {
  edits: Record<string, unknown>[]
  /** Assumption switches a playground permalink carried. */
  assumptions?: Record<string, unknown>
  /** Where it came from, for the report's header. */
  source: string
}

type Result = ConfigInput | { error: string }

function checked(
  edits: unknown,
  source: string,
  assumptions?: Record<string, unknown>
): Result {
  const p = parseEdits({ edits })
  if (!p.ok)
    return {
      error: `${source}: ${p.error.message} (at ${p.error.path.join(".")})`,
    }
  return {
    edits: edits as Record<string, unknown>[],
    source,
    ...(assumptions ? { assumptions } : {}),
  }
}

function fromJson(text: string, source: string): Result {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    // The parser's message quotes the text (`--config /etc/passwd` would
    // print its first characters): only where it stopped is said.
    return {
      error: `${source} is neither a permalink nor JSON${jsonErrorPlace(e)}`,
    }
  }
  if (Array.isArray(value)) return checked(value, source)
  if (typeof value === "object" && value !== null) {
    const o = value as Record<string, unknown>
    if (Array.isArray(o.edits)) return checked(o.edits, source)
    if ("context_management" in o) return checked(editsOfRequest(o), source)
  }
  return {
    error: `${source}: expected an edits array, {"edits": [...]}, or a request with context_management`,
  }
}

/** " (not JSON at position N)" from a JSON.parse error, without any of the text it quotes. */
function jsonErrorPlace(e: unknown): string {
  const m = /position (\d+)/.exec(e instanceof Error ? e.message : "")
  return m ? ` (not valid JSON at character ${Number(m[1]) + 1})` : ""
}

/** The fragment of a link, or the text itself when it is one. */
const fragmentOf = (text: string) => {
  const i = text.indexOf("#")
  return i >= 0 ? text.slice(i + 1) : text
}

/** Reads a config from a permalink or the text of a JSON file. */
export async function readConfigInput(
  text: string,
  source: string
): Promise<Result> {
  const t = text.trim()
  const frag = fragmentOf(t)
  if (frag.startsWith(SUMMARY_PREFIX)) {
    const s = await decodeSummary(frag)
    if (!s.success) return { error: `${source}: ${s.error}` }
    return checked(s.data.edits ?? [], `${source} (a folder summary)`)
  }
  if (/^v\d+\./.test(frag) || frag.startsWith("request=")) {
    const d = await decodeFragment(frag)
    if (!d.success) return { error: `${source}: ${d.error.message}` }
    return checked(
      editsOfRequest(d.data.request),
      `${source} (a playground permalink)`,
      d.data.assumptions
    )
  }
  if (/^https?:\/\/[^#]*\/s\/[\w-]+/.test(t))
    return {
      error: `${source} is a short link: open it in the browser and pass the #v2.… address it goes to (the terminal does not ask the server)`,
    }
  return fromJson(t, source)
}
