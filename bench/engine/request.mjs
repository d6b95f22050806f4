// The engine benchmark's request: deterministic, ≈1M tokens, 2,000 tool uses
// (shared by bench/engine/run.mjs and any profiling script).
import "../lib/register-ts.mjs"

const { prose } = await import("@/lib/context-editing/__fixtures__/build")

export const TOOL_USES = 2000
const RESULT_CHARS = 1700 // ≈ 490 tokens of prose each → ≈ 1M tokens in total

export const withKeep = (req, keep) => ({
  ...req,
  context_management: {
    edits: [
      {
        ...req.context_management.edits[0],
        keep: { type: "tool_uses", value: keep },
      },
    ],
  },
})

export function buildRequest(keep) {
  const messages = [
    {
      role: "user",
      content: "Audit every service in the fleet and report anomalies.",
    },
  ]
  for (let k = 0; k < TOOL_USES; k++) {
    const id = `toolu_bench_${String(k).padStart(5, "0")}`
    messages.push({
      role: "assistant",
      content: [
        { type: "text", text: `Checking service ${k}.` },
        {
          type: "tool_use",
          id,
          name: k % 10 === 0 ? "memory" : "inspect_service",
          input: { service: `svc-${k}`, checks: ["latency", "errors"] },
        },
      ],
    })
    messages.push({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: id,
          content: prose(k, RESULT_CHARS),
        },
      ],
    })
  }
  messages.push({ role: "assistant", content: "All services inspected." })
  messages.push({ role: "user", content: "Summarise the anomalies." })
  return {
    model: "claude-sonnet-4-6",
    max_tokens: 4096,
    system: "You are a fleet auditor.",
    tools: [
      { type: "memory_20250818", name: "memory" },
      {
        name: "inspect_service",
        description: "Inspect one service.",
        input_schema: {
          type: "object",
          properties: {
            service: { type: "string" },
            checks: { type: "array", items: { type: "string" } },
          },
          required: ["service"],
        },
      },
    ],
    messages,
    context_management: {
      edits: [
        {
          type: "clear_tool_uses_20250919",
          trigger: { type: "input_tokens", value: 100000 },
          keep: { type: "tool_uses", value: keep },
          clear_at_least: { type: "input_tokens", value: 5000 },
          exclude_tools: ["memory"],
        },
      ],
    },
  }
}
