import { describe, expect, it } from "vitest"

import { timeline } from "@/lib/context-editing"
import { compareWithLog } from "@/lib/real-usage/compare"

import { parseImport } from "../index"

/**
 * LangSmith runs as `list_runs` returns them (the Run schema: `run_type`,
 * `inputs.messages` as a batch of serialised LangChain messages,
 * `outputs.generations`, `extra.invocation_params`), hand-written here.
 */
const lc = (kind: string, kwargs: Record<string, unknown>) => ({
  lc: 1,
  type: "constructor",
  id: ["langchain", "schema", "messages", kind],
  kwargs,
})
const MODEL = "claude-sonnet-4-5-20250929"
const TOOL = {
  name: "get_weather",
  description: "Weather",
  input_schema: { type: "object", properties: { city: { type: "string" } } },
}
const call = {
  type: "tool_use",
  id: "toolu_1",
  name: "get_weather",
  input: { city: "Paris" },
}
const ai = (content: unknown[], usage: Record<string, number>, id: string) =>
  lc("AIMessage", {
    content,
    response_metadata: { id, model: MODEL, usage },
    usage_metadata: {
      input_tokens: usage.input_tokens! + (usage.cache_read_input_tokens ?? 0),
      output_tokens: usage.output_tokens,
    },
  })
const run = (
  id: string,
  start: string,
  messages: unknown[],
  answer: unknown
) => ({
  id,
  name: "ChatAnthropic",
  run_type: "llm",
  start_time: start,
  end_time: start.replace(":00.", ":01."),
  inputs: { messages: [messages] },
  outputs: { generations: [[{ type: "ChatGeneration", message: answer }]] },
  extra: {
    invocation_params: { model: MODEL, max_tokens: 1024, tools: [TOOL] },
    metadata: { ls_provider: "anthropic" },
  },
})
const system = lc("SystemMessage", { content: "Be brief." })
const human = lc("HumanMessage", { content: "Weather in Paris?" })
const first = ai(
  [{ type: "text", text: "Checking." }, call],
  { input_tokens: 400, output_tokens: 30 },
  "msg_1"
)
const result = lc("ToolMessage", {
  content: "rainy, 14°C",
  tool_call_id: "toolu_1",
})
const second = ai(
  [{ type: "text", text: "Rainy, 14°C." }],
  { input_tokens: 20, cache_read_input_tokens: 420, output_tokens: 8 },
  "msg_2"
)
const chain = {
  id: "c",
  name: "agent",
  run_type: "chain",
  start_time: "2026-11-28T10:00:00.000",
  inputs: {},
  outputs: {},
}
const RUNS = [
  chain,
  run("r2", "2026-11-28T10:00:05.000", [system, human, first, result], second),
  run("r1", "2026-11-28T10:00:00.000", [system, human], first),
]

describe("LangSmith runs", () => {
  it("imports every llm run on Claude as one call of one conversation, with Anthropic's own usage", () => {
    const r = parseImport(JSON.stringify(RUNS))
    if (!r.success) throw new Error(r.error.message)
    expect(r.format).toBe("langsmith-runs")
    expect(
      r.realUsage!.map((u) => [
        u.call,
        u.thread,
        u.input_tokens,
        u.cache_read_input_tokens,
      ])
    ).toEqual([
      ["msg_1", "main", 400, 0],
      ["msg_2", "main", 20, 420],
    ])
    expect(r.data.system).toEqual([{ type: "text", text: "Be brief." }])
    expect(r.data.tools?.[0]?.name).toBe("get_weather")
    const c = compareWithLog(timeline(r.data), r.realUsage!)
    expect(c.unmodelled).toEqual([])
    expect(c.realDollars).toBeCloseTo((400 * 3 + 20 * 3 + 420 * 0.3) / 1e6, 12)
  })

  it('reads `{"runs": […]}` (the REST API\'s answer) the same way', () => {
    const r = parseImport(JSON.stringify({ runs: RUNS }))
    expect(r.success && r.realUsage?.length).toBe(2)
  })
})
