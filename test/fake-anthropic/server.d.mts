/** One API request the fake received (control endpoints are not recorded). */
export interface FakeRequestRecord {
  method: string
  /** Path including any query string. */
  path: string
  /** Lower-cased header names, as node:http reports them. */
  headers: Record<string, string | string[] | undefined>
  /** Parsed JSON body, or null when it was not JSON. */
  body: unknown
}

/** A running fake Anthropic API. */
export interface FakeAnthropic {
  port: number
  /** e.g. `http://127.0.0.1:43121` — use as ANTHROPIC_BASE_URL. */
  url: string
  requests(): FakeRequestRecord[]
  /** count_tokens answers with the engine set to these switches (null: the simple rule). */
  setSwitches(switches: Record<string, unknown> | null): Promise<void>
  reset(): void
  close(): Promise<void>
}

/** Starts the fake on `port` (0 = a free port). */
export function startFakeAnthropic(options?: {
  port?: number
  host?: string
  /** Delay between SSE events in ms (default 15). */
  eventDelayMs?: number
  /** Start with configurable count_tokens semantics (see semantics.mjs). */
  switches?: Record<string, unknown> | null
}): Promise<FakeAnthropic>
