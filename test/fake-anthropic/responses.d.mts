import type { simulateEdits } from "./scenario.mjs"

/** The fake's simulation, with what automatic caching read or wrote (server.mjs). */
type Simulation = ReturnType<typeof simulateEdits> & {
  cache?: { read: number; write: number }
}

export function buildStreamEvents(
  body: unknown,
  sim: Simulation,
  n: number,
  options?: { slow?: boolean }
): Array<{ event: string; data: { type: string } & Record<string, unknown> }>
export function buildMessage(
  body: unknown,
  sim: Simulation,
  n: number
): Record<string, unknown>
