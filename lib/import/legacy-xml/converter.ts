import { type Notes, plural } from "../notes"
import type { ContentBlock, MessageParam, ToolDefinition } from "../types"
import {
  parseInvokes,
  parseResults,
  type ParsedInvoke,
  type ParsedResult,
} from "./calls"
import { coerceValue, mapLegacyType } from "./coerce"
import { type LegacyTool, toToolDefinition } from "./tool-descriptions"
import { LEGACY_ID_PREFIX, renumber } from "./ids"
import { elements, type Element, TagFinder } from "./xml-scan"

export { LEGACY_ID_PREFIX }

interface Pending {
  id: string
  name: string
  matched: boolean
}

function resultsElements(text: string): Element[] {
  const plural = elements(text, "function_results")
  return plural.length > 0 ? plural : elements(text, "function_result")
}

/**
 * Turns legacy text segments (Human/Assistant, or message texts) into modern
 * messages: `<function_calls>` → tool_use, `<function_results>` → tool_result.
 * Feed segments in order, then call `finish()`.
 */
export class LegacyConverter {
  private readonly out: MessageParam[] = []
  private readonly tools: Map<string, LegacyTool>
  private readonly undeclared = new Map<string, Set<string>>()
  private readonly raw = new Map<string, string>()
  private pending: Pending[] = []
  /** Results (or user text) came since the last <function_calls> block. */
  private batchClosed = false
  private nextId = 0
  /** Totals for the summary notes. */
  readonly counts = {
    calls: 0,
    results: 0,
    errors: 0,
    splits: 0,
    unanswered: 0,
  }

  constructor(
    declared: readonly LegacyTool[],
    private readonly notes: Notes
  ) {
    this.tools = new Map(declared.map((t) => [t.name, t]))
  }

  private emit(role: MessageParam["role"], blocks: ContentBlock[]): void {
    if (blocks.length === 0) return
    const last = this.out.at(-1)
    if (last && last.role === role && Array.isArray(last.content))
      last.content.push(...blocks)
    else this.out.push({ role, content: blocks })
  }

  /** Marks the start of an input segment (for the "merged" note). */
  begin(role: MessageParam["role"]): void {
    if (this.out.at(-1)?.role === role)
      this.notes.tally(
        `legacy-merge-${role}`,
        "info",
        (n) => `Merged ${plural(n, `consecutive ${role} segment`)}`
      )
  }

  /** Passes a non-text block through unchanged. */
  block(role: MessageParam["role"], block: ContentBlock): void {
    this.emit(role, [block])
  }

  private text(role: MessageParam["role"], text: string): void {
    const trimmed = text.trim()
    if (trimmed !== "") this.emit(role, [{ type: "text", text: trimmed }])
  }

  /** An assistant segment: prose, calls, and results the model saw inline. */
  assistant(text: string): void {
    let pos = 0
    // Found once for the whole segment so long transcripts stay linear.
    const allResults = resultsElements(text)
    const tags = new TagFinder(text)
    let r = 0
    for (;;) {
      const calls = tags.open("function_calls", pos)
      while (r < allResults.length && allResults[r]!.start < pos) r++
      const results = allResults[r]
      const resultsStart = results ? results.start : Infinity
      if (!calls && !results) break
      if (calls && calls.start < resultsStart) {
        this.text("assistant", text.slice(pos, calls.start))
        const close = tags.close("function_calls", calls.end)
        let bodyEnd: number
        if (close && close.start < resultsStart) {
          bodyEnd = close.start
          pos = close.end
        } else {
          bodyEnd = Math.min(resultsStart, text.length)
          pos = bodyEnd
          this.notes.tally(
            "calls-unclosed",
            "info",
            (n) =>
              `Accepted ${plural(n, "<function_calls> block")} without the closing tag (it was the stop sequence)`
          )
        }
        this.calls(text.slice(calls.end, bodyEnd))
        continue
      }
      // Results inside an Assistant segment (Text Completions style): split
      // into assistant (calls) → user (results) → assistant (continuation).
      this.text("assistant", text.slice(pos, resultsStart))
      this.counts.splits++
      this.emit("user", this.results(results!.inner))
      pos = results!.end
    }
    this.text("assistant", text.slice(pos))
  }

  /** A user segment: results first, then the user's own text. */
  user(text: string): void {
    const found = resultsElements(text)
    if (found.length === 0) {
      // The user spoke: calls still pending when the next batch starts
      // stay unanswered (their results may still follow in this message).
      this.batchClosed = true
      this.text("user", text)
      return
    }
    const blocks: ContentBlock[] = []
    const rest: string[] = []
    let pos = 0
    for (const el of found) {
      rest.push(text.slice(pos, el.start))
      blocks.push(...this.results(el.inner))
      pos = el.end
    }
    rest.push(text.slice(pos))
    const prose = rest.join("").trim()
    if (prose !== "") blocks.push({ type: "text", text: prose })
    this.emit("user", blocks)
  }

  private calls(body: string): void {
    const invokes = parseInvokes(body, this.notes)
    if (invokes.length === 0) {
      this.text("assistant", body)
      return
    }
    // Calls of one turn, even in several <function_calls> blocks, wait for
    // their results together; once results came, a new batch starts.
    if (this.batchClosed) this.pending = []
    this.batchClosed = false
    const blocks = invokes.map((invoke) => this.toolUse(invoke))
    this.emit("assistant", blocks)
  }

  private toolUse(invoke: ParsedInvoke): ContentBlock {
    const id = `${LEGACY_ID_PREFIX}tmp_${this.nextId++}`
    this.raw.set(id, invoke.raw)
    this.pending.push({ id, name: invoke.name, matched: false })
    this.counts.calls++
    return {
      type: "tool_use",
      id,
      name: invoke.name,
      input: this.input(invoke),
    }
  }

  private input(invoke: ParsedInvoke): Record<string, unknown> {
    const tool = this.tools.get(invoke.name)
    const input: Record<string, unknown> = {}
    if (!tool) {
      const names = this.undeclared.get(invoke.name) ?? new Set<string>()
      for (const [name, raw] of invoke.params) {
        names.add(name)
        input[name] = raw.trim()
      }
      this.undeclared.set(invoke.name, names)
      return input
    }
    const schemaProps = (tool.schema?.properties ?? {}) as Record<
      string,
      { type?: string }
    >
    for (const [name, raw] of invoke.params) {
      const declared = tool.params.find((p) => p.name === name)
      const type = declared
        ? declared.type
        : mapLegacyType(schemaProps[name]?.type)
      if (!declared && !(name in schemaProps))
        this.notes.warn(
          `\`${invoke.name}\` was called with undeclared parameter \`${name}\`; kept it as text`
        )
      const { value, ok } = coerceValue(raw, type)
      if (!ok)
        this.notes.warn(
          `Parameter \`${name}\` of \`${invoke.name}\` is declared as ${type} but was ${JSON.stringify(raw.trim().slice(0, 40))}; kept it as text`
        )
      else if (type && type !== "string")
        this.notes.tally(
          `coerce-${type}`,
          "info",
          (n) => `Converted ${plural(n, "parameter value")} to ${type}`
        )
      input[name] = value
    }
    const missing = tool.params
      .filter((p) => !(p.name in input))
      .map((p) => p.name)
    if (missing.length > 0)
      this.notes.warn(
        `\`${invoke.name}\` was called without required parameter${missing.length === 1 ? "" : "s"} ${missing.map((m) => `\`${m}\``).join(", ")}`
      )
    return input
  }

  /**
   * Results → tool_result blocks (docs/semantics.md#legacy-mapping): a named result answers the
   * next pending call with its name; the others answer the pending calls
   * left, in order. A lone unnamed error element answers every call still
   * pending (ASSUMPTION). Blocks come in call order.
   */
  private results(body: string): ContentBlock[] {
    this.batchClosed = true
    const entries = parseResults(body, this.notes)
    const open = this.pending.filter((p) => !p.matched)
    const answer = new Map<Pending, ParsedResult>()
    const take = (target: Pending | undefined, entry: ParsedResult) => {
      if (!target) return false
      target.matched = true
      answer.set(target, entry)
      return true
    }
    const free = () => open.find((p) => !p.matched)
    // Pass 1: results that name a pending call.
    const positional = entries.filter(
      (e) =>
        !(
          e.name &&
          take(
            open.find((p) => !p.matched && p.name === e.name),
            e
          )
        )
    )
    const errors = positional.filter((e) => e.error && !e.name)
    const broadcast = errors.length === 1 ? errors[0] : undefined
    // Pass 2: the rest, in order (the lone error last: it takes what is left).
    const leftovers: string[] = []
    for (const entry of positional)
      if (entry !== broadcast && !take(free(), entry))
        leftovers.push(entry.text)
    if (broadcast && !take(free(), broadcast)) leftovers.push(broadcast.text)
    if (broadcast) for (let p = free(); p; p = free()) take(p, broadcast)
    const blocks: ContentBlock[] = []
    for (const target of open) {
      const entry = answer.get(target)
      if (!entry) continue
      if (entry.error) this.counts.errors++
      else this.counts.results++
      blocks.push({
        type: "tool_result",
        tool_use_id: target.id,
        content: entry.text,
        ...(entry.error ? { is_error: true } : {}),
      })
    }
    if (leftovers.length > 0) {
      this.notes.warn(
        `${plural(leftovers.length, "result")} had no matching call; kept as text`
      )
      blocks.push({ type: "text", text: leftovers.join("\n\n") })
    }
    return blocks
  }

  /** The converted messages and tool definitions (declared, then inferred). */
  finish(): { messages: MessageParam[]; tools: ToolDefinition[] } {
    const messages = this.out
    this.dropUnanswered(messages)
    renumber(messages)
    const tools = [...this.tools.values()].map(toToolDefinition)
    for (const [name, params] of this.undeclared) {
      this.notes.warn(
        `\`${name}\` has no <tool_description>; built a schema from its calls (all values kept as text)`
      )
      const properties: Record<string, unknown> = {}
      for (const p of params) properties[p] = {}
      tools.push({
        name,
        input_schema: { type: "object", properties, required: [...params] },
      })
    }
    return { messages, tools }
  }

  /** Unanswered calls are kept only in the final message (else the API 400s). */
  private dropUnanswered(messages: MessageParam[]): void {
    messages.forEach((message, i) => {
      if (message.role !== "assistant" || typeof message.content === "string")
        return
      const next = messages[i + 1]
      const answered = new Set(
        next && Array.isArray(next.content)
          ? next.content
              .filter((b) => b.type === "tool_result")
              .map((b) => b.tool_use_id)
          : []
      )
      message.content = message.content.map((block) => {
        if (
          block.type !== "tool_use" ||
          answered.has(block.id) ||
          !String(block.id).startsWith(LEGACY_ID_PREFIX)
        )
          return block
        if (!next) {
          this.notes.info(
            `Kept the final call to \`${String(block.name)}\` without a result (the conversation ends there)`
          )
          return block
        }
        this.counts.unanswered++
        this.notes.warn(
          `A call to \`${String(block.name)}\` has no result; kept it as text so the request stays valid`
        )
        return { type: "text", text: this.raw.get(String(block.id)) ?? "" }
      })
    })
  }
}
