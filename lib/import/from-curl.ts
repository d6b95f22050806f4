import { parseJsonBounded } from "./bounds"
import { fromAnthropicJson } from "./from-anthropic-json"
import { failure, Notes } from "./notes"
import { splitShellCommand } from "./shell-words"
import type { ImportResult } from "./types"

/**
 * A curl command as the docs show it → the JSON body, imported. Header
 * values are read only to recognise them: API keys are never kept, echoed
 * or put in notes ("API key header ignored").
 */

const DATA_FLAGS = new Set([
  "-d",
  "--data",
  "--data-binary",
  "--data-ascii",
  "--data-raw",
  "--json",
])
/** curl options that take a value we do not use (skipped with it). */
const VALUE_FLAGS = new Set([
  "-o",
  "--output",
  "-m",
  "--max-time",
  "-A",
  "--user-agent",
  "-b",
  "--cookie",
  "-c",
  "--cookie-jar",
  "-e",
  "--referer",
  "-x",
  "--proxy",
  "-w",
  "--write-out",
  "--connect-timeout",
  "--retry",
  "-K",
  "--config",
  "--cacert",
  "--cert",
  "--key",
  "-F",
  "--form",
  "-T",
  "--upload-file",
  "--resolve",
  "--max-filesize",
  "--limit-rate",
  "--data-urlencode",
  "-E",
  "-r",
  "--range",
])
const SECRET_HEADERS = new Set([
  "x-api-key",
  "authorization",
  "proxy-authorization",
  "api-key",
])

/** What a curl command carries besides the body. */
interface CurlParts {
  url?: string
  data: Array<{ value: string; raw: boolean }>
  headers: string[]
  userFlag: boolean
}

function readCurl(words: string[]): CurlParts | string {
  const start = words.findIndex(
    (w) => w === "curl" || w.endsWith("/curl") || w === "curl.exe"
  )
  if (start === -1) return "No `curl` command found."
  const parts: CurlParts = { data: [], headers: [], userFlag: false }
  for (let i = start + 1; i < words.length; i++) {
    const w = words[i] ?? ""
    const next = () => words[++i] ?? ""
    if (DATA_FLAGS.has(w))
      parts.data.push({ value: next(), raw: w === "--data-raw" })
    else if (w === "-H" || w === "--header") parts.headers.push(next())
    else if (w === "-u" || w === "--user") {
      next()
      parts.userFlag = true
    } else if (w === "-X" || w === "--request") next()
    else if (w === "--url") parts.url = next()
    else if (VALUE_FLAGS.has(w)) next()
    else if (/^-d./.test(w)) parts.data.push({ value: w.slice(2), raw: false })
    else if (/^-H./.test(w)) parts.headers.push(w.slice(2))
    else if (!w.startsWith("-") && parts.url === undefined) parts.url = w
  }
  return parts
}

/** Parses a curl command and imports its JSON body with `importBody`. */
export function fromCurl(
  text: string,
  importBody: (value: unknown) => ImportResult = fromAnthropicJson
): ImportResult {
  const cleaned = text.replace(/^\s*\$\s+/, "")
  const split = splitShellCommand(cleaned)
  if (!split.success)
    return failure(`Could not read the curl command: ${split.error}.`)
  const parts = readCurl(split.command.words)
  if (typeof parts === "string") return failure(parts)

  const notes = new Notes()
  const betas: string[] = []
  let keySeen = parts.userFlag
  for (const header of parts.headers) {
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
  if (parts.url && /count_tokens/.test(parts.url))
    notes.info(
      "This is a count_tokens request; max_tokens is added so the body also works for messages"
    )
  else if (parts.url && !/\/v1\/messages\b/.test(parts.url))
    notes.warn("The URL is not the Messages API; the body was imported anyway")

  if (parts.data.length === 0)
    return failure(
      "The curl command has no body (-d, --data, --data-raw or --json)."
    )
  const bodies: string[] = []
  for (const d of parts.data) {
    if (!d.raw && d.value.startsWith("@")) {
      const source = d.value.slice(1)
      if (source === "-" && split.command.heredoc !== undefined) {
        bodies.push(split.command.heredoc)
        notes.info("Read the body from the here-document")
        continue
      }
      return failure(
        source === "-"
          ? "The body is read from standard input (-d @-) but no here-document follows; paste the JSON instead."
          : `The body is read from the file "${source}"; paste that file's JSON instead.`
      )
    }
    bodies.push(d.value)
  }
  if (bodies.length > 1)
    notes.warn(`Joined ${bodies.length} data arguments with "&", as curl does`)
  const parsed = parseJsonBounded(bodies.join("&"))
  if (!parsed.success) {
    return failure(`The curl body is not valid JSON: ${parsed.error.message}`, {
      ...(parsed.error.line !== undefined ? { line: parsed.error.line } : {}),
      ...(parsed.error.column !== undefined
        ? { column: parsed.error.column }
        : {}),
    })
  }
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
