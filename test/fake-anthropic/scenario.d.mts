/** A parsed `[[fault:…]]` spec. */
export interface Fault {
  kind: string
  /** Fail this many times, then succeed; undefined = always. */
  times: number | undefined
  retryAfter: number | undefined
}
export const CONTEXT_MANAGEMENT_BETA: string
export const COMPACT_BETA: string
export function parseFault(spec: string): Fault | null
export function faultFromBody(body: unknown): Fault | null
/** JSON length / 4, rounded up. */
export function tokensOf(value: unknown): number
export function validateRequest(
  body: unknown,
  headers: Record<string, unknown>,
  endpoint: "messages" | "count_tokens"
): { status: number; type: string; message: string } | null
/** The fake's deterministic context-management rule (see scenario.mjs). */
export function simulateEdits(body: unknown): {
  original: number
  edited: number
  applied: Array<{
    type: "clear_tool_uses_20250919" | "clear_thinking_20251015"
    cleared_tool_uses?: number
    cleared_thinking_turns?: number
    cleared_input_tokens: number
  }> | null
}
