import { lineColumn, parseJsonBounded } from "../bounds"
import { offsetOfLine, sourceOffset } from "./piece"
import {
  cap,
  type CurlBody,
  type CurlRequest,
  readCurlRequest,
  readCurlRequests,
  substitutionError,
} from "./request"
import { fromAnthropicJson } from "../anthropic-json/import"
import { failure, Notes } from "../notes"
import type {
  ImportCandidate,
  ImportError,
  ImportOptions,
  ImportResult,
  Parsed,
} from "../types"

/**
 * A curl command as the docs, a terminal or a script show it → the JSON
 * body, imported. Header values are read only to recognise them: API keys
 * are never kept, echoed or put in notes ("API key header ignored").
 */

const SECRET_HEADERS = new Set([
  "x-api-key",
  "authorization",
  "proxy-authorization",
  "api-key",
])

/** A short description of one curl command, for the picker. */
function describeCommand(read: Parsed<CurlRequest>, index: number): string {
  return `${index + 1}. ${commandSummary(read)}`
}

/** What a curl command sends, in a few words (its path, model, first words). */
export function commandSummary(read: Parsed<CurlRequest>): string {
  if (!read.success) return `(cannot be imported: ${read.error.message})`
  const { url, bodies } = read.data
  const path = url ? url.replace(/^https?:\/\/[^/]+/, "") : "curl"
  const body = bodies[0]?.piece.value.slice(0, 4000) ?? ""
  const model = /"model"\s*:\s*"([^"]{1,80})"/.exec(body)?.[1]
  const said = /"content"\s*:\s*"([^"\\]{1,48})/.exec(body)?.[1]
  const tools = /"tools"\s*:\s*\[\s*\{/.test(body) ? ", with tools" : ""
  const what = [model, said ? `“${said}”` : ""].filter(Boolean).join(": ")
  return `${path || url}${what ? ` — ${what}` : ""}${tools}`
}

/** The candidates of a text holding several curl commands. */
function commandCandidates(
  reads: Array<Parsed<CurlRequest>>,
  chosen: number
): ImportCandidate[] | undefined {
  if (reads.length < 2) return undefined
  return reads.map((read, i) => ({
    id: `command-${i + 1}`,
    kind: "command",
    label: describeCommand(read, i),
    selected: i === chosen,
  }))
}

/** Which command to import: the one picked, else the first that reads. */
function chooseCommand(
  reads: Array<Parsed<CurlRequest>>,
  pick: string | undefined
): number {
  const picked = reads.findIndex((_, i) => pick === `command-${i + 1}`)
  if (picked !== -1) return picked
  const first = reads.findIndex((r) => r.success && r.data.bodies.length > 0)
  return first === -1 ? 0 : first
}

/** Parses a curl command and imports its JSON body with `importBody`. */
export function fromCurl(
  text: unknown,
  importBody: (value: unknown) => ImportResult = fromAnthropicJson,
  options: ImportOptions = {}
): ImportResult {
  if (typeof text !== "string")
    return failure("Paste the curl command as text.")
  const all = readCurlRequests(text, false)
  if (!all.success) return all
  const which = chooseCommand(all.data, options.pick)
  const candidates = commandCandidates(all.data, which)
  const result = importCommand(
    text,
    all.data[which]!,
    () => readCurlRequest(text, true, which),
    importBody
  )
  if (!result.success || !candidates) return result
  const found = `Found ${all.data.length} curl commands; imported command ${which + 1} (pick another in the dialog)`
  return {
    ...result,
    notes: [{ level: "warning", message: found }, ...result.notes],
    candidates,
  }
}

/**
 * Notes what the command's headers and URL say (beta headers, the version,
 * a key that is ignored, an endpoint that is not Messages); returns the betas.
 */
function noteHeaders(request: CurlRequest, notes: Notes): string[] {
  const betas: string[] = []
  let keySeen = request.keyFlag
  for (const header of request.headers) {
    const colon = header.indexOf(":")
    const name = (colon === -1 ? header : header.slice(0, colon))
      .trim()
      .toLowerCase()
    const value = colon === -1 ? "" : header.slice(colon + 1).trim()
    if (SECRET_HEADERS.has(name)) keySeen = true
    else if (name === "anthropic-beta") {
      const found = value
        .split(",")
        .map((b) => b.trim())
        .filter((b) => b !== "")
      betas.push(...found)
      notes.info(`Beta header found: ${found.join(", ")}`)
    } else if (name === "anthropic-version")
      notes.info(`anthropic-version ${value} noted (not part of the body)`)
  }
  if (keySeen) notes.info("API key header ignored (keys are never imported)")
  const { url } = request
  if (url && /count_tokens/.test(url))
    notes.info(
      "This is a count_tokens request; max_tokens is added so the body also works for messages"
    )
  else if (url && !/\/v1\/messages\b/.test(url))
    notes.warn("The URL is not the Messages API; the body was imported anyway")

  return betas
}

/**
 * Imports the body of one curl command read from `text`; `reread` reads
 * the same command again with source spans (to locate a JSON error).
 */
export function importCommand(
  text: string,
  read: Parsed<CurlRequest>,
  reread: () => Parsed<CurlRequest>,
  importBody: (value: unknown) => ImportResult
): ImportResult {
  if (!read.success) return read
  const request = read.data
  const notes = new Notes()
  for (const note of request.notes)
    if (note.level === "warning") notes.warn(note.message)
    else notes.info(note.message)
  const betas = noteHeaders(request, notes)
  const { bodies } = request

  if (bodies.length === 0)
    return failure(
      "The curl command has no body (-d, --data, --data-raw or --json)."
    )
  const open = openHeredoc(bodies)
  if (open)
    notes.warn(
      `The here-document has no closing ${open} line; read it up to the end of the text`
    )
  if (bodies.length > 1)
    notes.warn(`Joined ${bodies.length} data arguments with "&", as curl does`)
  const body = bodies.map((b) => b.piece.value).join("&")
  let parsed = parseJsonBounded(body)
  if (!parsed.success) {
    const variable = /^\s*\$\{?([A-Za-z_]\w*)\}?\s*$/.exec(body)
    if (variable)
      return failure(
        `The body is the shell variable $${variable[1] ?? ""}, which the importer does not expand; paste the JSON it holds instead.`
      )
    const unescaped = body.includes('\\"')
      ? parseJsonBounded(body.replaceAll('\\"', '"'))
      : undefined
    const spliced = unescaped?.success
      ? undefined
      : spliceSubstitutions(text, bodies, body)
    if (spliced?.success) parsed = spliced
    else if (!unescaped?.success) {
      const sub = bodies.flatMap((b) => b.substitutions ?? [])[0]
      const where = bodies.find((b) => b.substitutions?.length)
      const failed =
        sub && where ? substitutionError(text, cap(where.label), sub) : null
      if (failed && !failed.success) return failed
      return bodyError(text, body, parsed.error, open, reread)
    } else {
      notes.info(
        'Read \\" in the body as " (quoting meant for Windows; the JSON was not valid as pasted)'
      )
      parsed = unescaped
    }
  }
  for (const sub of bodies.flatMap((b) => b.substitutions ?? []))
    notes.warn(
      `\`${text.slice(sub.start, Math.min(sub.end, sub.start + 60))}\` in the body runs ${sub.command} when the command runs; kept as written`
    )
  const result = importBody(parsed.data)
  if (!result.success) return result
  const allBetas = [...new Set([...(result.betas ?? []), ...betas])]
  return {
    success: true,
    data: result.data,
    notes: [...notes.list(), ...result.notes],
    ...(allBetas.length > 0 ? { betas: allBetas } : {}),
  }
}

/**
 * The body with each command substitution (`$(python3 -c …)`) written as
 * JSON string text: it sits inside a JSON string, where its own quotes
 * would end the string early. Undefined when there is none.
 */
function spliceSubstitutions(text: string, bodies: CurlBody[], body: string) {
  const subs = bodies.flatMap((b) => b.substitutions ?? [])
  if (subs.length === 0) return undefined
  let out = body
  for (const sub of subs) {
    const raw = text.slice(sub.start, sub.end)
    out = out.replace(raw, JSON.stringify(raw).slice(1, -1))
  }
  return parseJsonBounded(out)
}

/** The delimiter of an unterminated here-document a body was read from. */
function openHeredoc(bodies: CurlBody[]): string | undefined {
  for (const b of bodies)
    for (const doc of b.heredocs) if (!doc.terminated) return doc.delimiter
  return undefined
}

/**
 * A JSON error in the body, located in the pasted text: the body is read
 * again with spans to map the offset. Where a character was not read from
 * the text, the message says where in the body instead.
 */
function bodyError(
  text: string,
  body: string,
  error: ImportError,
  open: string | undefined,
  reread: () => Parsed<CurlRequest>
): ImportResult {
  const hint = open ? ` (the here-document has no closing ${open} line)` : ""
  const prefix = "The curl body is not valid JSON: "
  if (error.line === undefined)
    return failure(`${prefix}${error.message}${hint}`)
  const base = error.message.replace(/ at line \d+, column \d+$/, "")
  const at = offsetOfLine(body, error.line, error.column ?? 1)
  const tracked = reread()
  const pieces = tracked.success ? tracked.data.bodies : []
  const same = pieces.map((b) => b.piece.value).join("&") === body
  let start = 0
  for (const b of same ? pieces : []) {
    const end = start + b.piece.value.length
    if (at <= end) {
      const local = at - start
      const mapped = sourceOffset(b.piece, local)
      if (mapped !== undefined) {
        const where = lineColumn(text, mapped)
        const message =
          base === error.message
            ? error.message
            : `${base} at line ${where.line}, column ${where.column}`
        return failure(`${prefix}${message}${hint}`, where)
      }
      const inner = lineColumn(b.piece.value, local)
      return failure(
        `${prefix}${base} in ${b.label}, line ${inner.line}, column ${inner.column}${hint}`
      )
    }
    start = end + 1
  }
  return failure(
    `${prefix}${base} in the body, line ${error.line}, column ${error.column ?? 1}${hint}`
  )
}
