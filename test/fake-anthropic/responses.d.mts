import type { simulateEdits } from "./scenario.mjs"

type Simulation = ReturnType<typeof simulateEdits>

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
