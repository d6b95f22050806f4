import type { GenerateOptions } from "./generate-session"
import { formatCount } from "@/lib/format/number"

import { GENERATED_SUMMARY_PREFIX } from "./summary-prefix"

/** The tools the Generate panel offers, with their weight in the mix. */
export const PANEL_TOOLS = [
  { name: "read_file", label: "read_file (code)", weight: 4 },
  { name: "grep", label: "grep (matches)", weight: 3 },
  { name: "run_tests", label: "run_tests (test output)", weight: 2 },
  { name: "list_files", label: "list_files (listing)", weight: 1 },
  { name: "web_search", label: "web_search (server tool)", weight: 2 },
  { name: "memory", label: "memory (memory_20250818)", weight: 1 },
] as const

export const PANEL_MIN_TOKENS = 10_000
export const PANEL_MAX_TOKENS = 1_000_000

/** What the Generate panel's form holds, as typed. */
export interface PanelForm {
  tokens: number
  /** Tool calls as typed: "" means "auto" (sized by tokens). */
  toolCalls: string
  resultSize: "small" | "medium" | "large"
  tools: ReadonlySet<string>
  thinking: boolean
  parallel: number
  seed: number
}

export const DEFAULT_PANEL_FORM: PanelForm = {
  tokens: 120_000,
  toolCalls: "",
  resultSize: "medium",
  tools: new Set(["read_file", "grep", "run_tests", "list_files"]),
  thinking: true,
  parallel: 1,
  seed: 1,
}

/** A typed target size within the generator's range (a non-number is the minimum). */
export function clampPanelTokens(value: number): number {
  if (!Number.isFinite(value)) return PANEL_MIN_TOKENS
  return Math.min(
    PANEL_MAX_TOKENS,
    Math.max(PANEL_MIN_TOKENS, Math.round(value))
  )
}

/** The generator's options for what the form holds (server tools are switches, not mix entries). */
export function panelOptions(form: PanelForm): GenerateOptions {
  const calls =
    form.toolCalls.trim() === ""
      ? undefined
      : Math.max(0, Math.round(Number(form.toolCalls)))
  const mix = PANEL_TOOLS.filter(
    (t) =>
      form.tools.has(t.name) && t.name !== "web_search" && t.name !== "memory"
  ).map((t) => ({ name: t.name, weight: t.weight }))
  return {
    targetTokens: clampPanelTokens(form.tokens),
    resultSize: form.resultSize,
    thinking: form.thinking,
    parallel: form.parallel,
    serverTools: form.tools.has("web_search"),
    memory: form.tools.has("memory"),
    seed: form.seed,
    ...(mix.length > 0 ? { toolMix: mix } : {}),
    ...(calls !== undefined && Number.isFinite(calls)
      ? { toolCalls: calls }
      : {}),
  }
}

/** Client and server tool uses in a generated request. */
export function countToolUses(
  messages: ReadonlyArray<{ content: unknown }>
): number {
  let n = 0
  for (const m of messages)
    if (Array.isArray(m.content))
      for (const b of m.content as Array<{ type?: unknown }>)
        if (b.type === "tool_use" || b.type === "server_tool_use") n++
  return n
}

/** The import summary: the size estimate, and what set it when tool calls were forced. */
export function generatedSummary(
  options: GenerateOptions,
  request: { messages: ReadonlyArray<{ content: unknown }> },
  estimated: number
): string {
  const uses = countToolUses(request.messages)
  const fmt = formatCount
  const forced =
    options.toolCalls !== undefined
      ? ` (the ${uses} tool calls asked for set the size; target was ${fmt(options.targetTokens)})`
      : ""
  return `${GENERATED_SUMMARY_PREFIX} ≈${fmt(estimated)} tokens${forced}, ${request.messages.length} messages, ${uses} tool uses, thinking ${options.thinking ? "on" : "off"} (seed ${options.seed})`
}
