import { isRecord, Notes, plural } from "../notes"
import type { ImportResult } from "../types"
import type { RunCall } from "../runs/call"
import { readRecords } from "../runs/records"
import { buildRunSession, type RunFormat } from "../runs/session"
import { type InputReading, isAnthropic, isInference, spanCall } from "./genai"
import { noLosses, type PartLosses } from "./parts"
import { type FlatSpan, flattenExport } from "./spans"

/**
 * An OTLP/JSON trace export (one `ExportTraceServiceRequest`, or JSONL of
 * them as the Collector's file exporter writes) whose model calls follow
 * the OpenTelemetry GenAI semantic conventions → the whole run as a
 * session (lib/import/runs/). See README.md for what a trace loses.
 */

export const OTLP_TRACE: RunFormat = {
  source: "trace",
  breakpointsLost: true,
  toolsWhy: "the trace has no gen_ai.tool.definitions",
  noMessages:
    "its span has no gen_ai.input.messages: content capture was off (OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT)",
}

/**
 * The model calls among the spans, in the order they began: Anthropic
 * inference spans, leaving out one that wraps another (a framework's span
 * around the SDK's: the same call).
 */
function callSpans(spans: FlatSpan[]): {
  calls: FlatSpan[]
  other: number
  wrappers: number
} {
  const inference = spans.filter(isInference)
  const parent = new Map(spans.map((s) => [s.spanId, s.parentSpanId]))
  const ids = new Set(inference.map((s) => s.spanId))
  // Every ancestor of a call span is marked once: a walk stops at the
  // first span an earlier walk marked (linear, even for a deep chain).
  const above = new Set<string>()
  for (const s of inference)
    for (let p = s.parentSpanId; p && !above.has(p); p = parent.get(p) ?? "")
      above.add(p)
  const wraps = new Set([...above].filter((id) => ids.has(id)))
  const leaves = inference.filter((s) => !wraps.has(s.spanId))
  const calls = leaves.filter(isAnthropic).sort((a, b) => a.start - b.start)
  return { calls, other: leaves.length - calls.length, wrappers: wraps.size }
}

/** What the trace could not say, in the notes. */
function noteTrace(
  readings: InputReading[],
  lost: PartLosses,
  notes: Notes
): void {
  const raw = readings.filter((r) => r === "excludes-cache").length
  if (raw > 0)
    notes.warn(
      `${plural(raw, "span")} wrote Anthropic's own input_tokens into gen_ai.usage.input_tokens (the convention adds cache reads and writes; this instrumentation, or a count below its cache reads and writes, shows it did not): read as the uncached input`
    )
  if (raw < readings.length)
    notes.info(
      `gen_ai.usage.input_tokens read as the convention defines it for Anthropic: input + cache reads + cache writes (the uncached input is what is left)`
    )
  notes.info(
    "A trace keeps no 1-hour split of the cache writes: every write is priced at the 5-minute rate"
  )
  if (lost.redacted > 0)
    notes.warn(
      `Dropped ${plural(lost.redacted, "redacted thinking block")}: the trace keeps no data for them`
    )
  if (lost.unknown > 0)
    notes.warn(
      `Dropped ${plural(lost.unknown, "message part")} of a type the Messages API has no block for`
    )
  if (lost.systemInMessages > 0)
    notes.info(
      `${plural(lost.systemInMessages, "system message")} of the input moved to \`system\``
    )
}

/** Imports an OTLP/JSON trace export; `parsed` is the JSON value when the text was one document. */
export function fromOtlp(text: string, parsed?: unknown): ImportResult {
  const notes = new Notes()
  const records = readRecords(text, parsed, notes, "OTLP/JSON exports")
  if (!Array.isArray(records)) return { success: false, error: records }
  const spans = records.flatMap((r) =>
    isRecord(r.value) ? flattenExport(r.value) : []
  )
  const { calls: found, other, wrappers } = callSpans(spans)
  if (found.length === 0)
    return {
      success: false,
      error: {
        message: `This trace has ${plural(spans.length, "span")} but no Anthropic model call (a span with gen_ai.operation.name "chat" and a Claude model).`,
      },
    }
  if (other > 0)
    notes.warn(
      `Left out ${plural(other, "model call")} to other providers (not priced here)`
    )
  if (wrappers > 0)
    notes.info(
      `${plural(wrappers, "span")} wrapping another model-call span counted once (the inner span)`
    )
  const lost = noLosses()
  const readings: InputReading[] = []
  const calls: RunCall[] = found.map((s) => {
    const { call, reading } = spanCall(s, lost)
    readings.push(reading)
    return call
  })
  noteTrace(readings, lost, notes)
  notes.info(
    "A trace keeps no cache_control, no thinking signatures and (unless recorded) no tool definitions; what was assumed for each is said below"
  )
  return buildRunSession(calls, OTLP_TRACE, notes)
}
