// Exported TypeScript must compile against the SDK the playground ships
// (@anthropic-ai/sdk's Beta types), not just run: people paste it into a
// strict project. Each snippet is type-checked in memory with the installed
// TypeScript, as a module next to this repo's node_modules.

import { join } from "node:path"

import ts from "typescript"
import { describe, expect, it } from "vitest"

import { exportCode } from "./export-code"
import type { ExportTarget } from "./request-body"
import { assistant, text, user } from "@/test/messages"

const ROOT = join(__dirname, "../..")

/** tsc diagnostics of `files` (name → source), as "name: message" lines. */
function typeErrors(files: Record<string, string>): string[] {
  const dir = join(ROOT, ".export-typecheck")
  const virtual = new Map(
    Object.entries(files).map(([name, text]) => [join(dir, name), text])
  )
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  }
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, version, ...rest) => {
    const text = virtual.get(name)
    return text === undefined
      ? getSourceFile(name, version, ...rest)
      : ts.createSourceFile(name, text, version)
  }
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => virtual.has(name) || fileExists(name)
  const readFile = host.readFile.bind(host)
  host.readFile = (name) => virtual.get(name) ?? readFile(name)
  const program = ts.createProgram([...virtual.keys()], options, host)
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && virtual.has(d.file.fileName))
    .map(
      (d) =>
        `${d.file!.fileName.slice(dir.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`
    )
}

const conversation = [
  { role: "user", content: "List the files." },
  {
    role: "assistant",
    content: [
      { type: "tool_use", id: "toolu_1", name: "ls", input: { path: "." } },
    ],
  },
  {
    role: "user",
    content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "a b" }],
  },
]

const edits = {
  edits: [
    {
      type: "clear_tool_uses_20250919",
      trigger: { type: "input_tokens", value: 30000 },
      keep: { type: "tool_uses", value: 3 },
      clear_tool_inputs: ["ls"],
    },
  ],
}

const requests: Record<string, Record<string, unknown>> = {
  typed: {
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    system: "You are terse.",
    tools: [
      {
        name: "ls",
        description: "List files.",
        input_schema: {
          type: "object",
          properties: { path: { type: "string" } },
        },
      },
    ],
    context_management: edits,
    messages: conversation,
  },
  // Fields the SDK's types do not have (sampling knobs, a future field).
  untyped: {
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    temperature: 0.2,
    top_p: 0.9,
    top_k: 5,
    "my-new-field": { on: true },
    context_management: edits,
    messages: conversation,
  },
  streaming: {
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    stream: true,
    temperature: 1,
    messages: conversation,
  },
  compaction: {
    model: "claude-opus-4-6",
    max_tokens: 4096,
    workspace_id: "wrkspc_01",
    context_management: {
      edits: [
        {
          type: "compact_20260112",
          trigger: { type: "input_tokens", value: 150000 },
          instructions: "Keep the file list.",
        },
      ],
    },
    messages: [
      user("a"),
      assistant([{ type: "compaction", content: "summary" }, text("b")]),
      user("c"),
    ],
  },
}

describe("exported TypeScript type-checks against @anthropic-ai/sdk", () => {
  it("compiles for every request and both endpoints, casting only for fields the SDK lacks", () => {
    const files: Record<string, string> = {}
    for (const [name, request] of Object.entries(requests))
      for (const target of ["messages", "count_tokens"] as ExportTarget[])
        files[`${name}-${target}.ts`] = exportCode(request, {
          language: "typescript",
          target,
        })
    expect(typeErrors(files)).toEqual([])
    // The cast (and its explanation) only where a field is not typed.
    expect(files["typed-messages.ts"]).not.toContain(" as Anthropic.")
    expect(files["untyped-messages.ts"]).toContain(
      '// "temperature", "top_p", "top_k", "my-new-field" are not in the SDK\'s parameter types'
    )
    expect(files["streaming-messages.ts"]).toContain(
      "} as Anthropic.Beta.Messages.MessageCreateParamsStreaming);"
    )
  }, 60_000)

  it("still catches a snippet that does not compile (the check is real)", () => {
    const broken = exportCode(requests.typed!, {
      language: "typescript",
      target: "messages",
    }).replace("max_tokens: 1024", 'max_tokens: "many"')
    expect(typeErrors({ "broken.ts": broken })).toEqual([
      expect.stringMatching(/^broken\.ts: No overload matches this call/),
    ])
  }, 60_000)
})
