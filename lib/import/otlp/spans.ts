import { isRecord } from "../notes"

/**
 * OTLP/JSON (`ExportTraceServiceRequest`: `resourceSpans[].scopeSpans[].spans[]`)
 * → flat spans with their attributes decoded from `AnyValue`
 * (`stringValue`, `intValue` as a string or number, `doubleValue`,
 * `boolValue`, `arrayValue`, `kvlistValue`). Attributes written as a plain
 * object (some tools flatten them) are taken as they are.
 */
export interface FlatSpan {
  traceId: string
  spanId: string
  parentSpanId: string
  name: string
  /** Start and end, in nanoseconds since the epoch (0 when absent). */
  start: number
  end: number
  attributes: Map<string, unknown>
  /** Attributes of the span's events (e.g. `gen_ai.client.inference.operation.details`). */
  eventAttributes: Map<string, unknown>[]
  /** The instrumentation scope's name (`scope.name`). */
  scope: string
}

/** One OTLP `AnyValue` → a plain value. */
export function anyValue(v: unknown): unknown {
  if (!isRecord(v)) return v
  if ("stringValue" in v) return v.stringValue
  if ("intValue" in v) return Number(v.intValue)
  if ("doubleValue" in v) return Number(v.doubleValue)
  if ("boolValue" in v) return v.boolValue
  if (isRecord(v.arrayValue))
    return Array.isArray(v.arrayValue.values)
      ? v.arrayValue.values.map(anyValue)
      : []
  if (isRecord(v.kvlistValue))
    return Object.fromEntries(
      (Array.isArray(v.kvlistValue.values) ? v.kvlistValue.values : [])
        .filter(isRecord)
        .map((kv) => [String(kv.key), anyValue(kv.value)])
    )
  if ("bytesValue" in v) return v.bytesValue
  return undefined
}

/** Attributes as a map: an OTLP key/value list, or a plain object. */
export function attributesOf(raw: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (Array.isArray(raw)) {
    for (const kv of raw)
      if (isRecord(kv) && typeof kv.key === "string")
        out.set(kv.key, anyValue(kv.value))
  } else if (isRecord(raw))
    for (const [k, v] of Object.entries(raw)) out.set(k, v)
  return out
}

const nanos = (v: unknown): number => {
  const n = typeof v === "string" ? Number(v) : v
  return typeof n === "number" && Number.isFinite(n) ? n : 0
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** The spans of one export, in the order written. */
export function flattenExport(doc: Record<string, unknown>): FlatSpan[] {
  const out: FlatSpan[] = []
  for (const rs of list(doc.resourceSpans)) {
    if (!isRecord(rs)) continue
    // Older exports call it `instrumentationLibrarySpans`.
    const groups = [
      ...list(rs.scopeSpans),
      ...list(rs.instrumentationLibrarySpans),
    ]
    for (const ss of groups) {
      if (!isRecord(ss)) continue
      const scope = isRecord(ss.scope)
        ? ss.scope
        : isRecord(ss.instrumentationLibrary)
          ? ss.instrumentationLibrary
          : {}
      for (const s of list(ss.spans)) {
        if (!isRecord(s)) continue
        out.push({
          traceId: String(s.traceId ?? ""),
          spanId: String(s.spanId ?? ""),
          parentSpanId: String(s.parentSpanId ?? ""),
          name: String(s.name ?? ""),
          start: nanos(s.startTimeUnixNano),
          end: nanos(s.endTimeUnixNano),
          attributes: attributesOf(s.attributes),
          eventAttributes: list(s.events)
            .filter(isRecord)
            .map((e) => attributesOf(e.attributes)),
          scope: typeof scope.name === "string" ? scope.name : "",
        })
      }
    }
  }
  return out
}
