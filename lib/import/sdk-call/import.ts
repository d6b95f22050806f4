import { lineColumn } from "../bounds"
import { failure, Notes, plural } from "../notes"
import type { ImportCandidate, ImportOptions, ImportResult } from "../types"
import { assignments, findSdkCalls, type SdkCall } from "./calls"
import { type Gap, type Gaps } from "./gaps"
import { ELIDED, LiteralParser, UNKNOWN, withoutUnknown } from "./literal"

import { gapsWithin } from "./gaps"

export { gapsWithin }

/**
 * A Python or TypeScript SDK snippet (as the docs print them) → the request
 * body of its Messages call; the body then goes through the same import as
 * pasted JSON. See README.md.
 */

/** Options of the SDK methods that are not part of the request body. */
const CLIENT_OPTIONS = ["extra_headers", "extra_query", "timeout", "signal"]

function describe(call: SdkCall, index: number): string {
  const model = typeof call.body.model === "string" ? call.body.model : ""
  const messages = Array.isArray(call.body.messages)
    ? plural(call.body.messages.length, "message")
    : ""
  const what = [model, messages].filter(Boolean).join(", ")
  return `${index + 1}. ${call.callee}(…)${what ? ` — ${what}` : ""}`
}

function candidates(calls: SdkCall[], chosen: SdkCall): ImportCandidate[] {
  return calls.map((c, i) => ({
    id: `call-${i + 1}`,
    kind: "sdk-call",
    label: describe(c, i),
    selected: c === chosen,
  }))
}

/** The first gap of each expression as written (one note per place). */
function unique<T extends Gap>(gaps: T[]): T[] {
  const seen = new Set<string>()
  return gaps.filter((g) => {
    const key = `${g.text}@${g.at}`
    return seen.has(key) ? false : (seen.add(key), true)
  })
}

/** Why a kept part was not evaluated, in words (empty when it is the part itself). */
function causeText(cause: Gap["cause"], line: (at: number) => number): string {
  if (!cause) return ""
  if (cause.why) return ` (${cause.why})`
  const what = cause.undefined
    ? "is not defined in the snippet"
    : "runs as code"
  return ` (\`${cause.text}\`, line ${line(cause.at)}, ${what})`
}

/** Notes for what the snippet left out, kept as written, or built. */
function reportGaps(gaps: Gaps, text: string, notes: Notes): void {
  const line = (at: number) => lineColumn(text, at).line
  const names = new Map<string, { at: number; kept: boolean }>()
  for (const g of gaps.undefinedVariables) {
    const seen = names.get(g.text)
    names.set(g.text, {
      at: seen?.at ?? g.at,
      kept: (seen?.kept ?? true) && g.kept === true,
    })
  }
  for (const [name, { at, kept }] of names)
    notes.warn(
      `\`${name}\` (line ${line(at)}) is a variable the snippet does not define; ${kept ? "kept as written where a string uses it" : "left it out"} (paste its definition with the call to include it)`
    )
  for (const g of unique(gaps.expressions.filter((e) => !e.kept)).slice(0, 10))
    notes.warn(
      `\`${g.text}\` (line ${line(g.at)}) ${g.why ? `is not evaluated: ${g.why}` : "is computed when the code runs"}; left it out`
    )
  for (const g of unique(gaps.kept).slice(0, 10)) {
    const shown = /^\$?\{/.test(g.text) ? g.text : `{${g.text}}`
    notes.warn(
      `\`${shown}\` (line ${line(g.at)}) is not evaluated${causeText(g.cause, line)}: kept as written in the text`
    )
  }
  const elided = unique(gaps.elided)
  if (elided.length > 0)
    notes.warn(
      `${plural(elided.length, "\`...\` placeholder")} (line ${elided.map((g) => line(g.at)).join(", ")}) left out: the docs write \`...\` where your own content goes`
    )
  const built = unique(gaps.built)
  if (built.length > 0) {
    const shown = built
      .slice(0, 3)
      .map(
        (g) =>
          `\`${g.text}\` (line ${line(g.at)}) → ${plural(g.length ?? 0, g.list ? "item" : "character")}`
      )
    const more = built.length > 3 ? `, and ${built.length - 3} more` : ""
    notes.info(`Evaluated what the code builds: ${shown.join("; ")}${more}`)
  }
}

/** The body the call sends: betas and client options taken out. */
function requestBody(call: SdkCall, notes: Notes) {
  const body = withoutUnknown(call.body) as Record<string, unknown>
  const betas = Array.isArray(body.betas)
    ? body.betas.filter((b): b is string => typeof b === "string")
    : []
  delete body.betas
  for (const key of CLIENT_OPTIONS)
    if (key in body) {
      delete body[key]
      notes.info(`Left out \`${key}\` (an SDK option, not part of the body)`)
    }
  if (typeof body.extra_body === "object" && body.extra_body !== null) {
    Object.assign(body, body.extra_body)
    notes.info("Merged `extra_body` into the request body")
  }
  delete body.extra_body
  if (call.method === "stream") delete body.stream
  return { body, betas }
}

/** Whether `value` is the docs' `[...]` / `...` placeholder for a conversation. */
export function isPlaceholder(value: unknown): boolean {
  if (value === ELIDED) return true
  return (
    Array.isArray(value) &&
    value.includes(ELIDED) &&
    value.every((v) => v === ELIDED || v === UNKNOWN)
  )
}

/** Why a call cannot be imported (its messages are not in the snippet). */
function missingMessages(call: SdkCall, gaps: Gaps, text: string) {
  const messages = call.body.messages
  if (isPlaceholder(messages)) {
    const at =
      gaps.elided.find((g) => g.at >= call.at && g.at < call.end)?.at ?? call.at
    return failure(
      "The call's messages are `[...]`, the placeholder the docs write for your own conversation: the snippet holds a configuration, not a conversation to import.",
      lineColumn(text, at)
    )
  }
  if (messages !== UNKNOWN && messages !== undefined) return null
  const ref = gaps.undefinedVariables.find((g) => /messages/i.test(g.text))
  const at = ref?.at ?? call.at
  return failure(
    ref
      ? `The call's messages are the variable \`${ref.text}\`, which the snippet does not define: paste its definition with the call, or the request JSON.`
      : "The SDK call has no `messages` the snippet spells out: paste the code that builds them with the call, or the request JSON.",
    lineColumn(text, at)
  )
}

/**
 * A failed body import (e.g. "no usable messages") with what the snippet
 * left unevaluated said in it: that is most often why.
 */
function withGapsSaid(
  result: Extract<ImportResult, { success: false }>,
  call: SdkCall,
  gaps: Gaps,
  text: string
): ImportResult {
  // The gaps reached from the `messages` argument first.
  const key = /\bmessages["']?\s*[=:]/.exec(text.slice(call.at, call.end))
  const from = key ? call.at + key.index : call.at
  const all = [...gaps.expressions, ...gaps.undefinedVariables]
  const inMessages = all.filter((g) => g.use >= from)
  const first = (inMessages.length > 0 ? inMessages : all).sort(
    (a, b) => a.use - b.use || a.at - b.at
  )[0]
  if (!first) return result
  const { line, column } = lineColumn(text, first.at)
  const what = gaps.undefinedVariables.includes(first)
    ? `the variable \`${first.text}\`, which the snippet does not define`
    : `\`${first.text}\`, computed when the code runs`
  return failure(
    `${result.error.message.replace(/\.$/, "")}: the snippet builds it from ${what} (line ${line}); paste the values, or the request JSON.`,
    { line, column }
  )
}

const LANGUAGES = { python: "Python", typescript: "TypeScript", ruby: "Ruby" }

/** One call's request body, imported (its notes, betas; no candidates). */
export function importSdkCall(
  text: string,
  call: SdkCall,
  gaps: Gaps,
  importBody: (value: unknown) => ImportResult
): ImportResult {
  const bad = missingMessages(call, gaps, text)
  if (bad) return bad
  const notes = new Notes()
  notes.info(
    `Read the ${LANGUAGES[call.language]} SDK call \`${call.callee}(…)\` as the request body`
  )
  reportGaps(gaps, text, notes)
  const { body, betas } = requestBody(call, notes)
  if (call.method === "count_tokens" && body.max_tokens === undefined)
    notes.info("count_tokens takes no max_tokens; the import adds the default")
  const result = importBody(body)
  if (!result.success) return withGapsSaid(result, call, gaps, text)
  const allBetas = [...new Set([...(result.betas ?? []), ...betas])]
  return {
    ...result,
    notes: [...notes.list(), ...result.notes],
    ...(allBetas.length > 0 ? { betas: allBetas } : {}),
  }
}

/** Imports an SDK snippet; `importBody` imports the extracted request body. */
export function fromSdkCall(
  text: string,
  importBody: (value: unknown) => ImportResult,
  options: ImportOptions = {}
): ImportResult {
  const parser = new LiteralParser(text, assignments(text))
  let calls: SdkCall[]
  try {
    calls = findSdkCalls(text, parser)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return failure("The SDK call's arguments are nested too deeply.")
  }
  if (calls.length === 0)
    return failure("No `messages.create(…)` or `count_tokens(…)` call found.")
  const picked = calls.find((_, i) => options.pick === `call-${i + 1}`)
  const call = picked ?? calls[0]!
  const result = importSdkCall(
    text,
    call,
    gapsWithin(parser.gaps, call.at, call.end),
    importBody
  )
  if (!result.success || calls.length < 2) return result
  const [first, ...rest] = result.notes
  return {
    ...result,
    notes: [
      ...(first ? [first] : []),
      {
        level: "info",
        message: `The snippet makes ${plural(calls.length, "Messages call")}; imported call ${calls.indexOf(call) + 1} (pick another in the dialog)`,
      },
      ...rest,
    ],
    candidates: candidates(calls, call),
  }
}
