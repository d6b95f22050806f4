import { execFileSync } from "node:child_process"

import ts from "typescript"
import { describe, expect, it } from "vitest"

import { getPreset } from "@/lib/presets"

import { exportLangChain } from "./export-langchain"

const USES = [
  { id: "toolu_1", name: "read_file", size: 4000 },
  { id: "toolu_2", name: "memory", size: 300 },
  { id: "toolu_3", name: "read_file", size: 4000 },
]

/** A small valid request with three answered tool uses and `edits`. */
function request(edits: unknown[], extra: Record<string, unknown> = {}) {
  const messages: unknown[] = [{ role: "user", content: "Audit the repo." }]
  for (const u of USES) {
    messages.push({
      role: "assistant",
      content: [
        { type: "tool_use", id: u.id, name: u.name, input: { path: "a.md" } },
      ],
    })
    messages.push({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: u.id,
          content: "lorem ipsum ".repeat(u.size / 12),
        },
      ],
    })
  }
  messages.push({ role: "user", content: "Summarise." })
  return {
    model: "claude-sonnet-4-6",
    max_tokens: 1024,
    tools: [
      { type: "memory_20250818", name: "memory" },
      {
        name: "read_file",
        description: "Read a file.",
        input_schema: { type: "object", properties: {} },
      },
    ],
    messages,
    context_management: { edits },
    ...extra,
  }
}

const FULL = {
  type: "clear_tool_uses_20250919",
  trigger: { type: "input_tokens", value: 30000 },
  keep: { type: "tool_uses", value: 2 },
  exclude_tools: ["memory"],
  clear_tool_inputs: true,
}

/** Syntax errors of a TypeScript snippet (the `langchain` package is not installed here). */
function tsSyntaxErrors(code: string): string[] {
  const out = ts.transpileModule(code, { reportDiagnostics: true })
  return (out.diagnostics ?? []).map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, "\n")
  )
}

/** python3 on PATH, or null (the Python syntax test is then reported as skipped). */
const PYTHON = (() => {
  try {
    execFileSync("python3", ["--version"])
    return "python3"
  } catch {
    return null
  }
})()

describe("exportLangChain", () => {
  it("maps trigger, keep, exclude_tools and clear_tool_inputs to ClearToolUsesEdit in both ports", () => {
    const py = exportLangChain(request([FULL]), "python")
    expect(py).toContain(
      "from langchain.agents.middleware import ClearToolUsesEdit, ContextEditingMiddleware"
    )
    // Python's integer trigger fires when the count exceeds it, like the API.
    for (const line of [
      "trigger=30000,",
      "keep=2,",
      'exclude_tools=["memory"],',
      "clear_tool_inputs=True,",
      'model="anthropic:claude-sonnet-4-6",',
    ])
      expect(py).toContain(line)

    const js = exportLangChain(request([FULL]), "typescript")
    // LangChain JS fires at ≥: one more token means "exceeds 30000".
    expect(js).toMatch(
      /trigger: \{ tokens: 30001 \}, \/\/ exceeds 30000 \(LangChain fires at ≥\)/
    )
    for (const line of [
      "keep: { messages: 2 },",
      'excludeTools: ["memory"],',
      "clearToolInputs: true,",
      "new ClearToolUsesEdit({",
      "middleware: [contextEditing],",
    ])
      expect(js).toContain(line)
    expect(tsSyntaxErrors(js)).toEqual([])
  })

  it("follows the page's switches: trigger comparison, placeholder, excluded tools and keep", () => {
    const options = {
      assumptions: {
        triggerComparison: "gte" as const,
        placeholderText: "[Old tool result content cleared]",
        excludedCountTowardKeep: true,
      },
    }
    const py = exportLangChain(request([FULL]), "python", options)
    expect(py).toContain('trigger=("tokens", 30000),')
    expect(py).toContain('placeholder="[Old tool result content cleared]",')
    const js = exportLangChain(request([FULL]), "typescript", options)
    expect(js).toContain("trigger: { tokens: 30000 },")
    // With excluded tools using keep slots, LangChain's keep means the same.
    expect(js).not.toContain("take keep slots")
    expect(exportLangChain(request([FULL]), "typescript")).toContain(
      "take keep slots"
    )
  })

  it("leaves out what LangChain cannot express and says why, per edit", () => {
    const edit = {
      type: "clear_tool_uses_20250919",
      trigger: { type: "tool_uses", value: 2 },
      keep: { type: "tool_uses", value: 1 },
      clear_at_least: { type: "input_tokens", value: 500 },
      clear_tool_inputs: ["read_file"],
    }
    for (const language of ["python", "typescript"] as const) {
      const code = exportLangChain(request([edit]), language)
      const body = code.slice(code.indexOf("ClearToolUsesEdit("))
      expect(body).not.toMatch(/trigger|clear_?[aA]t_?[lL]east|[iI]nputs/)
      expect(code).toContain(
        "edits[0]: the tool_uses trigger (2) has no LangChain equivalent"
      )
      expect(code).toContain("edits[0]: clear_at_least (500) is left out")
      expect(code).toContain('clear_tool_inputs for only "read_file"')
    }
  })

  it("keeps the edits in order and notes the ones the middleware has no counterpart for", () => {
    const code = exportLangChain(
      request(
        [
          { type: "clear_thinking_20251015", keep: "all" },
          FULL,
          { ...FULL, keep: { type: "tool_uses", value: 0 } },
        ],
        { thinking: { type: "enabled", budget_tokens: 1024 }, max_tokens: 4096 }
      ),
      "python",
      // The API rejects a strategy sent twice; the switch keeps both here.
      { assumptions: { rejectDuplicateStrategies: false } }
    )
    expect(code.match(/ClearToolUsesEdit\(/g)).toHaveLength(2)
    expect(code.indexOf("keep=2,")).toBeLessThan(code.indexOf("keep=0,"))
    expect(code).toContain(
      "edits[0]: clear_thinking_20251015 has no LangChain counterpart"
    )
  })

  it("notes server-tool results, which are not LangChain tool messages, while the API is assumed to clear them", () => {
    const sample = getPreset("research-agent")!.build()
    const note = "Server tool results (web_search, code execution…)"
    expect(exportLangChain(sample, "typescript")).toContain(note)
    const off = { assumptions: { clearServerToolResults: false } }
    expect(exportLangChain(sample, "typescript", off)).not.toContain(note)
    expect(exportLangChain(request([FULL]), "typescript")).not.toContain(note)
  })

  it("explains instead of exporting when there is nothing to map", () => {
    // A line break in the pasted text cannot end the comment early.
    const hostile = {
      ...request([FULL]),
      tool_choice: { type: "x\nimport os" },
    }
    for (const language of ["python", "typescript"] as const)
      expect(
        exportLangChain(hostile, language).trimEnd().split("\n")
      ).toHaveLength(1)
    expect(exportLangChain("nope", "python")).toMatch(
      /^# The request is not a JSON object/
    )
    expect(
      exportLangChain(
        request([{ type: "clear_thinking_20251015", keep: "all" }]),
        "typescript"
      )
    ).toMatch(
      /^\/\/ The playground predicts that the API rejects this request \(.*thinking/
    )
    expect(exportLangChain(request([]), "python")).toMatch(
      /^# This request has no clear_tool_uses_20250919 edit/
    )
  })

  it.skipIf(PYTHON === null)(
    "writes Python that parses and TypeScript without syntax errors, for every preset",
    async () => {
      const { PRESETS } = await import("@/lib/presets")
      for (const p of PRESETS)
        for (const options of [
          undefined,
          { assumptions: { triggerComparison: "gte" as const } },
        ]) {
          const py = exportLangChain(p.build(), "python", options)
          execFileSync(
            PYTHON!,
            ["-c", "import ast, sys; ast.parse(sys.stdin.read())"],
            { input: py }
          )
          expect(
            tsSyntaxErrors(exportLangChain(p.build(), "typescript", options))
          ).toEqual([])
        }
      execFileSync(
        PYTHON!,
        ["-c", "import ast, sys; ast.parse(sys.stdin.read())"],
        { input: exportLangChain(request([FULL]), "python") }
      )
    }
  )
})
