// A generated test must send the playground's request and pass exactly when
// the API answers with the predicted applied_edits. Each test is run here
// against a fake SDK: once with the predicted response (it must pass) and
// once with one count changed (it must fail).

import { execFileSync, spawnSync } from "node:child_process"
import vm from "node:vm"

import ts from "typescript"
import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"
import { getPreset } from "@/lib/presets"

import { exportTest } from "./export-test"
import { prepareRequest } from "./request-body"
import { PYTHON_FAKE_ANTHROPIC, pythonSends } from "./testing/read-snippets"

const sample = getPreset("research-agent")!.build() as Record<string, unknown>

/** The response a real call would give if the prediction holds. */
function predicted(request: unknown) {
  const sim = simulate(request)
  if (!sim.ok) throw new Error(sim.error.message)
  return sim.context_management
}

/** The same, with the first entry's count one higher. */
function offByOne(request: unknown) {
  const cm = structuredClone(predicted(request))!
  const e = cm.applied_edits[0]!
  if ("cleared_tool_uses" in e) e.cleared_tool_uses++
  else e.cleared_thinking_turns++
  return cm
}

/** Runs a generated vitest test against a fake client answering `cm`. */
async function runTypescript(code: string, cm: unknown) {
  const out = ts.transpileModule(code, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
    },
    reportDiagnostics: true,
  })
  expect(out.diagnostics ?? []).toEqual([])
  const body = out.outputText.replace(/^import .*$/gm, "")
  const sent: Record<string, unknown>[] = []
  class Anthropic {
    beta = {
      messages: {
        create: async (params: Record<string, unknown>) => {
          sent.push(JSON.parse(JSON.stringify(params)))
          return { context_management: cm }
        },
      },
    }
  }
  let testFn: (() => Promise<void>) | null = null
  const register = vm.runInNewContext(
    `((Anthropic, test, expect) => {${body}\n})`
  ) as (a: unknown, t: unknown, e: unknown) => void
  register(
    Anthropic,
    (_: string, fn: () => Promise<void>) => (testFn = fn),
    expect
  )
  if (!testFn) throw new Error("no test registered")
  const outcome = await (testFn as () => Promise<void>)().then(
    () => "passed",
    () => "failed"
  )
  return { outcome, sent }
}

describe("exportTest", () => {
  it("TypeScript: sends the request and passes only on the predicted applied_edits", async () => {
    const code = exportTest(sample, "typescript")
    expect(predicted(sample)!.applied_edits.length).toBeGreaterThan(0)
    const pass = await runTypescript(code, predicted(sample))
    expect(pass.outcome).toBe("passed")
    const prepared = prepareRequest(sample, "messages")!
    expect(pass.sent).toEqual([{ ...prepared.body, betas: prepared.betas }])
    const fail = await runTypescript(code, offByOne(sample))
    expect(fail.outcome).toBe("failed")
  })

  it("TypeScript: without context_management, passes only on a response without it", async () => {
    const { context_management: _cm, ...plain } = sample
    void _cm
    const code = exportTest(plain, "typescript")
    expect((await runTypescript(code, null)).outcome).toBe("passed")
    expect((await runTypescript(code, predicted(sample))).outcome).toBe(
      "failed"
    )
  })

  it("Python: the call sends the request (read back with Python's literal rules)", () => {
    const code = exportTest(sample, "python")
    const prepared = prepareRequest(sample, "messages")!
    expect(pythonSends(code)).toEqual({
      method: "create",
      body: prepared.body,
      betas: prepared.betas,
    })
  })

  const hasPython = spawnSync("python3", ["--version"]).status === 0
  it.skipIf(!hasPython)(
    "Python: python3 runs the test, which passes only on the predicted applied_edits",
    () => {
      const code = exportTest(sample, "python")
      const run = (cm: unknown) =>
        execFileSync("python3", ["-c", PYTEST_HARNESS], {
          input: JSON.stringify({ code, cm }),
          encoding: "utf8",
        }).trim()
      expect(run(predicted(sample))).toBe("passed")
      expect(run(offByOne(sample))).toBe("failed")
    }
  )

  it("checks what the page shows: its switches change the expected counts", async () => {
    const options = { assumptions: { clearServerToolResults: false } }
    const code = exportTest(sample, "typescript", options)
    const shown = simulate(sample, options)
    if (!shown.ok) throw new Error(shown.error.message)
    expect(shown.context_management).not.toEqual(predicted(sample))
    expect((await runTypescript(code, shown.context_management)).outcome).toBe(
      "passed"
    )
    expect((await runTypescript(code, predicted(sample))).outcome).toBe(
      "failed"
    )
  })

  it("says why there is no test for a request the API would reject", () => {
    const bad = { ...sample, messages: [] }
    expect(exportTest(bad, "python")).toMatch(
      /^# The playground predicts that the API rejects this request/
    )
    expect(exportTest("nope", "typescript")).toMatch(/^\/\/ The request is not/)
  })
})

// Runs the generated test function with a fake `anthropic` module whose
// response carries the given context_management (as attribute objects).
const PYTEST_HARNESS = `
import json, sys, types
job = json.loads(sys.stdin.read())
def obj(v):
    if isinstance(v, dict): return types.SimpleNamespace(**{k: obj(x) for k, x in v.items()})
    if isinstance(v, list): return [obj(x) for x in v]
    return v
class Messages:
    def create(self, **kw): return types.SimpleNamespace(context_management=obj(job["cm"]))
${PYTHON_FAKE_ANTHROPIC}scope = {}
exec(compile(job["code"], "test_generated.py", "exec"), scope)
try:
    scope["test_context_editing_applies_the_predicted_edits"]()
    print("passed")
except AssertionError:
    print("failed")
`
