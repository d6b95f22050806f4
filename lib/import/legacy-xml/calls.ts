import type { Notes } from "../notes"
import { attribute, childPairs, elements, firstInner } from "./xml-scan"

/** One parsed `<invoke>`: tool name, raw parameter values, and its source. */
export interface ParsedInvoke {
  name: string
  params: Array<[string, string]>
  raw: string
}

function dedupe(
  params: Array<[string, string]>,
  tool: string,
  notes: Notes
): Array<[string, string]> {
  const seen = new Map<string, string>()
  for (const [name, value] of params) {
    if (seen.has(name))
      notes.warn(
        `\`${tool}\` got parameter \`${name}\` twice; kept the last value`
      )
    seen.set(name, value)
  }
  return [...seen.entries()]
}

/**
 * The invokes of one `<function_calls>` body. Handles the documented
 * `<invoke><tool_name>…</tool_name><parameters><p>v</p></parameters>` form
 * and the `<invoke name="…"><parameter name="…">` dialect.
 */
export function parseInvokes(body: string, notes: Notes): ParsedInvoke[] {
  const invokes = elements(body, "invoke")
  if (invokes.length === 0) {
    if (body.trim() !== "")
      notes.warn("A <function_calls> block has no <invoke>; kept it as text")
    return []
  }
  const out: ParsedInvoke[] = []
  for (const el of invokes) {
    const raw = body.slice(el.start, el.end)
    if (!el.closed)
      notes.tally(
        "invoke-unclosed",
        "info",
        (n) => `Accepted ${n} <invoke> without its closing tag`
      )
    const dialectName = attribute(el.attributes, "name")
    if (dialectName !== undefined) {
      const params: Array<[string, string]> = []
      for (const p of elements(el.inner, "parameter")) {
        const pname = attribute(p.attributes, "name")
        if (pname) params.push([pname, p.inner])
      }
      notes.tally(
        "dialect",
        "info",
        (n) =>
          `Read ${n} call${n === 1 ? "" : "s"} in the <invoke name="…"> dialect`
      )
      out.push({
        name: dialectName.trim(),
        params: dedupe(params, dialectName, notes),
        raw,
      })
      continue
    }
    const name = firstInner(el.inner, "tool_name")
    if (!name) {
      notes.warn("Skipped an <invoke> without a <tool_name>; kept it as text")
      continue
    }
    const region = elements(el.inner, "parameters")[0]
    if (!region) {
      notes.warn(
        `\`${name}\` was called without <parameters>; its input is empty`
      )
      out.push({ name, params: [], raw })
      continue
    }
    const { pairs, stray, unclosed } = childPairs(region.inner)
    for (const p of unclosed)
      notes.warn(
        `Parameter <${p}> of \`${name}\` is not closed; took the rest of the call as its value`
      )
    if (stray.length > 0)
      notes.warn(`Ignored text between the parameters of \`${name}\``)
    out.push({ name, params: dedupe(pairs, name, notes), raw })
  }
  return out
}

/** One entry of a `<function_results>` block. */
export interface ParsedResult {
  error: boolean
  name?: string
  text: string
}

const RESULT_TAGS = [
  "result",
  "error",
  "system",
  "function_result",
  "output",
] as const

function stripToolName(inner: string): string {
  return inner.replace(/<tool_name>[\s\S]*?<\/tool_name>/, "").trim()
}

/** Entries of a `<function_results>` body, in document order. */
export function parseResults(body: string, notes: Notes): ParsedResult[] {
  const found = RESULT_TAGS.flatMap((tag) =>
    elements(body, tag).map((el) => ({ tag, el }))
  )
  found.sort((a, b) => a.el.start - b.el.start)
  const out: ParsedResult[] = []
  let covered = -1
  for (const { tag, el } of found) {
    if (el.start < covered) continue // nested inside an entry already taken
    covered = el.end
    const name = firstInner(el.inner, "tool_name")
    if (tag === "error" || tag === "system") {
      const text = firstInner(el.inner, "stderr") ?? stripToolName(el.inner)
      out.push({ error: true, ...(name ? { name } : {}), text })
      continue
    }
    if (tag !== "result")
      notes.tally(
        `variant-${tag}`,
        "info",
        (n) =>
          `Read ${n} <${tag}> element${n === 1 ? "" : "s"} as results (non-standard variant)`
      )
    const text =
      firstInner(el.inner, "stdout") ??
      firstInner(el.inner, "output") ??
      stripToolName(el.inner)
    out.push({ error: false, ...(name ? { name } : {}), text })
  }
  if (out.length === 0 && body.trim() !== "") {
    notes.warn(
      "A <function_results> block had no <result>; used its whole text as the result"
    )
    out.push({ error: false, text: body.trim() })
  }
  return out
}
