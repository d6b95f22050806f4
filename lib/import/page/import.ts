import { plural } from "../notes"
import type {
  ImportCandidate,
  ImportFormat,
  ImportOptions,
  ImportResult,
} from "../types"
import { scanPage, type Found, type ImportBody, type PageScan } from "./find"
import { htmlView, looksHtml } from "./html"

/**
 * A page of mixed text (a docs page copied whole, markdown, a README, a
 * shell history, an issue comment, HTML) → the requests it holds, each a
 * candidate of the picker; the first that imports is taken. See README.md.
 */

/** A page's import, with the format of the request taken. */
export interface PageImport {
  result: ImportResult
  format: ImportFormat
  /** How many requests the page offers. */
  offered: number
}

const KIND_WORDS: Record<string, string> = {
  command: "curl command",
  "sdk-call": "SDK call",
  json: "request JSON",
}

/** Two finds that import the same request (with the same betas). */
function sameKey(f: Found): string | undefined {
  if (!f.result.success) return undefined
  return `${JSON.stringify(f.result.data)}|${[...(f.result.betas ?? [])].sort().join(",")}`
}

/**
 * The finds to offer: curl commands always (a failed one says why), SDK
 * calls and JSON when they import; a request written again (the same
 * example in Python and TypeScript) is offered once, by its curl command
 * when it has one.
 */
function offered(found: Found[]): {
  list: Found[]
  also: Map<Found, string[]>
  repeats: number
} {
  const byKey = new Map<string, Found>()
  const also = new Map<Found, string[]>()
  for (const f of found) {
    const key = sameKey(f)
    if (!key) continue
    const kept = byKey.get(key)
    if (!kept || (kept.kind !== "command" && f.kind === "command"))
      byKey.set(key, f)
  }
  const keep = new Set(byKey.values())
  let repeats = 0
  for (const f of found) {
    const key = sameKey(f)
    const kept = key ? byKey.get(key) : undefined
    if (!kept || kept === f) continue
    repeats++
    also.set(kept, [
      ...(also.get(kept) ?? []),
      f.summary.split(" ")[0] ?? f.kind,
    ])
  }
  const list = found.filter(
    (f) => keep.has(f) || (f.kind === "command" && !f.result.success)
  )
  return { list, also, repeats }
}

function label(f: Found, index: number, also: string[] | undefined): string {
  const more = also?.length ? ` (also as ${[...new Set(also)].join(", ")})` : ""
  const bad =
    f.result.success || f.summary.startsWith("(cannot")
      ? ""
      : ` — cannot be imported: ${f.result.error.message.replace(/ at line \d+, column \d+$/, "")}`
  return `${index + 1}. ${f.summary}${more}, line ${f.line}${bad}`
}

function countWords(list: Found[]): string {
  const counts = new Map<string, number>()
  for (const f of list) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1)
  return [...counts].map(([k, n]) => plural(n, KIND_WORDS[k] ?? k)).join(", ")
}

function summaryNote(
  scan: PageScan,
  list: Found[],
  repeats: number,
  chosen: number,
  html: boolean
): string {
  const parts = [
    `Found ${countWords(list)} in the text${html ? " (read as HTML: tags dropped, entities decoded)" : ""}`,
  ]
  if (repeats > 0)
    parts.push(
      `${repeats} more repeat${repeats === 1 ? "s" : ""} one of them in another language`
    )
  if (scan.skipped.length > 0)
    parts.push(
      `${plural(scan.skipped.length, "curl command")} for other endpoints left out (${[...new Set(scan.skipped)].slice(0, 3).join(", ")})`
    )
  return `${parts.join("; ")}; imported ${chosen + 1} of ${list.length}${list.length > 1 ? " (pick another in the dialog)" : ""}`
}

const successes = (scan: PageScan) =>
  scan.found.filter((f) => f.result.success).length

/** Scans `text` (and its HTML view when it has markup); null when it holds no request. */
export function fromPage(
  text: string,
  importBody: ImportBody,
  options: ImportOptions = {}
): PageImport | null {
  let scan = scanPage(text, importBody)
  let html = false
  if (looksHtml(text)) {
    const view = scanPage(htmlView(text), importBody)
    if (successes(view) > successes(scan)) {
      scan = view
      html = true
    }
  }
  const { list, also, repeats } = offered(scan.found)
  if (list.length === 0) return null
  const picked = list.findIndex((f) => f.id === options.pick)
  const first = list.findIndex((f) => f.result.success)
  const chosen = picked !== -1 ? picked : Math.max(first, 0)
  const f = list[chosen]!
  const candidates: ImportCandidate[] = list.map((c, i) => ({
    id: c.id,
    kind: c.kind,
    label: label(c, i, also.get(c)),
    selected: i === chosen,
  }))
  const note = {
    level: "info" as const,
    message: summaryNote(scan, list, repeats, chosen, html),
  }
  const result: ImportResult = f.result.success
    ? { ...f.result, notes: [note, ...f.result.notes], candidates }
    : f.result
  return { result, format: f.format, offered: list.length }
}
