/**
 * A file's bill as the folder view keeps it — calls per day and model, its
 * most expensive calls — from its logged calls, with no replay. The full
 * analysis (`analyse.ts`) builds on these; the terminal's `--no-replay`
 * (`fast-bill.ts`) uses them alone, so it loads no engine.
 */
import type { Bucket, FileAnalysis, Logged, TopCall } from "./analyse"
import type { LoggedCall } from "./logged-call"

export const emptyLogged = (): Logged => ({
  input: 0,
  cacheWrite5m: 0,
  cacheWrite1h: 0,
  cacheRead: 0,
  output: 0,
  inputDollars: 0,
  outputDollars: 0,
})

/** Adds `c`'s tokens and dollars to `into`. */
export function addLogged(into: Logged, c: Logged): void {
  into.input += c.input
  into.cacheWrite5m += c.cacheWrite5m
  into.cacheWrite1h += c.cacheWrite1h
  into.cacheRead += c.cacheRead
  into.output += c.output
  into.inputDollars += c.inputDollars
  into.outputDollars += c.outputDollars
}

const asLogged = (c: LoggedCall): Logged => ({
  input: c.input,
  cacheWrite5m: c.write5m,
  cacheWrite1h: c.write1h,
  cacheRead: c.read,
  output: c.output,
  inputDollars: c.inputDollars,
  outputDollars: c.outputDollars,
})

/** The calls per UTC day and model. */
export function bucketsOf(calls: readonly LoggedCall[]): Bucket[] {
  const by = new Map<string, Bucket>()
  for (const c of calls) {
    const day = c.timestamp?.slice(0, 10) ?? "unknown"
    const key = `${day} ${c.model}`
    let b = by.get(key)
    if (!b)
      by.set(key, (b = { day, model: c.model, requests: 0, ...emptyLogged() }))
    b.requests++
    addLogged(b, asLogged(c))
  }
  return [...by.values()]
}

const TOP = 5

/** The file's most expensive calls; `missOf(i)` says why call i missed the cache. */
export function topCalls(
  calls: readonly LoggedCall[],
  missOf: (index: number) => string | null = () => null
): TopCall[] {
  return calls
    .map((c, i) => ({
      call: i + 1,
      model: c.model,
      timestamp: c.timestamp,
      prompt: c.input + c.write5m + c.write1h + c.read,
      output: c.output,
      dollars: c.inputDollars + c.outputDollars,
      miss: missOf(i),
    }))
    .sort((a, b) => b.dollars - a.dollars)
    .slice(0, TOP)
}

/**
 * A file read for its bill only: no replay, no what-if, no misses.
 * `noCalls`: why a file with no call holds none (lib/fleet/no-calls.ts).
 */
export function billAnalysis(
  calls: readonly LoggedCall[],
  sessionId: string | null,
  bytes: number,
  unmodelled: string[] = [],
  noCalls: string | null = calls.length === 0
    ? "no API calls: no answer the API billed"
    : null
): FileAnalysis {
  return {
    sessionId,
    bytes,
    requests: calls.length,
    calls: calls.map((call) => ({ call, replay: 0, config: 0 })),
    buckets: bucketsOf(calls),
    top: topCalls(calls),
    misses: { count: 0, dollars: 0, byCause: {} },
    replay: null,
    config: null,
    unmodelled,
    noCalls,
    notes: [],
    model: calls.at(-1)?.model ?? null,
    thinking: false,
    compaction: false,
    sizes: [],
  }
}
