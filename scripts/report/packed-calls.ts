// A file's calls as a worker thread posts them: in columns (one array of
// numbers, one of keys, one of timestamps, the models by index) instead of
// an object per call. Structured cloning pays per property: thousands of
// small objects cost the replaying thread several times what the same
// numbers in a Float64Array do. The main thread unpacks them into the
// page's FileAnalysis, equal field for field.
import type { FileAnalysis, FileCall } from "@/lib/fleet/analyse"
import type { FleetJobResult } from "@/lib/fleet/jobs"

/** A call's numbers, in this order in `numbers`. */
const NUMBERS = [
  "input",
  "write5m",
  "write1h",
  "read",
  "output",
  "inputDollars",
  "outputDollars",
] as const

/** Per call: the call's numbers, then its replayed dollars with the log's config and the folder's. */
const WIDTH = NUMBERS.length + 2

export interface PackedCalls {
  numbers: Float64Array
  keys: Array<string | null>
  timestamps: Array<string | null>
  models: string[]
  /** Index in `models`, per call. */
  model: Uint16Array
}

/** A job's result as posted: an analysis carries its calls packed. */
export type PostedResult =
  | Exclude<FleetJobResult, { kind: "analyse" }>
  | {
      kind: "analyse"
      analysis: Omit<FileAnalysis, "calls">
      packed: PackedCalls
    }

export function packCalls(calls: readonly FileCall[]): PackedCalls {
  const numbers = new Float64Array(calls.length * WIDTH)
  const models: string[] = []
  const index = new Map<string, number>()
  const model = new Uint16Array(calls.length)
  calls.forEach(({ call, replay, config }, i) => {
    const at = i * WIDTH
    NUMBERS.forEach((k, j) => (numbers[at + j] = call[k]))
    numbers[at + NUMBERS.length] = replay
    numbers[at + NUMBERS.length + 1] = config
    let m = index.get(call.model)
    if (m === undefined)
      index.set(call.model, (m = models.push(call.model) - 1))
    model[i] = m
  })
  return {
    numbers,
    keys: calls.map((c) => c.call.key),
    timestamps: calls.map((c) => c.call.timestamp),
    models,
    model,
  }
}

export function unpackCalls(p: PackedCalls): FileCall[] {
  return p.keys.map((key, i) => {
    const n = p.numbers.subarray(i * WIDTH, (i + 1) * WIDTH)
    return {
      call: {
        key,
        model: p.models[p.model[i]!]!,
        timestamp: p.timestamps[i]!,
        input: n[0]!,
        write5m: n[1]!,
        write1h: n[2]!,
        read: n[3]!,
        output: n[4]!,
        inputDollars: n[5]!,
        outputDollars: n[6]!,
      },
      replay: n[7]!,
      config: n[8]!,
    }
  })
}

/** The result to post (a worker thread). */
export function posted(r: FleetJobResult): PostedResult {
  if (r.kind !== "analyse") return r
  const { calls, ...rest } = r.analysis
  return { kind: "analyse", analysis: rest, packed: packCalls(calls) }
}

/** The result posted, as the job returned it (the main thread). */
export function received(r: PostedResult): FleetJobResult {
  if (r.kind !== "analyse" || !("packed" in r)) return r as FleetJobResult
  return {
    kind: "analyse",
    analysis: { ...r.analysis, calls: unpackCalls(r.packed) },
  }
}
