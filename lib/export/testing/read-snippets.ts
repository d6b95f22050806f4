// Readers for exported snippets, used by export-roundtrip.test.ts: each
// reads a snippet back the way its language would, independently of the
// code that wrote it.

import vm from "node:vm"

import ts from "typescript"

// --- curl -----------------------------------------------------------------

/** Reads one POSIX shell word starting at `i` (quotes and backslashes). */
export function shellWord(text: string, i: number): string {
  let out = ""
  while (i < text.length && !/\s/.test(text[i] as string)) {
    const c = text[i] as string
    if (c === "'") {
      const end = text.indexOf("'", i + 1)
      if (end < 0) throw new Error("unterminated quote")
      out += text.slice(i + 1, end)
      i = end + 1
    } else if (c === "\\") {
      out += text[i + 1]
      i += 2
    } else {
      out += c
      i++
    }
  }
  return out
}

export function curlData(code: string): unknown {
  const heredoc = code.indexOf("--data-binary @- <<'JSON'\n")
  if (heredoc !== -1) {
    const start = code.indexOf("\n", heredoc) + 1
    // The terminator line (the snippet may have lost its final newline).
    const end = /\nJSON(?:\n|$)/.exec(code.slice(start))
    return JSON.parse(code.slice(start, start + (end?.index ?? Infinity)))
  }
  return JSON.parse(shellWord(code, code.indexOf("--data ") + "--data ".length))
}

// --- Python literals, read with Python's rules ------------------------------

export function parsePythonCall(code: string): {
  method: string
  kwargs: Record<string, unknown>
} {
  const head = /client\.beta\.messages\.(\w+)\(\n/.exec(code)
  if (!head) throw new Error("no call")
  let i = head.index + head[0].length
  const kwargs: Record<string, unknown> = {}
  const ws = () => {
    while (/\s/.test(code[i] as string)) i++
  }
  const value = (): unknown => {
    ws()
    const c = code[i] as string
    if (c === "{" || c === "[") {
      i++
      const close = c === "{" ? "}" : "]"
      const obj: Record<string, unknown> = {}
      const arr: unknown[] = []
      for (;;) {
        ws()
        if (code[i] === close) break
        const v = value()
        ws()
        if (c === "{") {
          if (code[i++] !== ":") throw new Error(`expected : at ${i}`)
          // An own property even for "__proto__" (as Python's dict has it).
          Object.defineProperty(obj, v as string, {
            value: value(),
            enumerable: true,
            writable: true,
            configurable: true,
          })
        } else arr.push(v)
        ws()
        if (code[i] === ",") i++
      }
      i++
      return c === "{" ? obj : arr
    }
    if (c === '"') {
      let s = ""
      i++
      while (code[i] !== '"') {
        if (code[i] === "\n" || i >= code.length)
          throw new Error("newline in string")
        if (code[i] !== "\\") {
          s += code[i++]
          continue
        }
        const e = code[i + 1] as string
        const simple: Record<string, string> = {
          n: "\n",
          t: "\t",
          r: "\r",
          b: "\b",
          f: "\f",
          '"': '"',
          "'": "'",
          "\\": "\\",
        }
        if (e in simple) {
          s += simple[e]
          i += 2
        } else if (e === "u") {
          s += String.fromCharCode(parseInt(code.slice(i + 2, i + 6), 16))
          i += 6
        } else {
          s += "\\" // Python keeps unknown escapes as-is
          i += 1
        }
      }
      i++
      return s
    }
    const word = /^(True|False|None|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(
      code.slice(i, i + 40)
    )
    if (!word) throw new Error(`unexpected ${code.slice(i, i + 20)}`)
    i += word[0].length
    if (word[0] === "None") return null
    if (word[0] === "True" || word[0] === "False") return word[0] === "True"
    return Number(word[0])
  }
  for (;;) {
    ws()
    if (code[i] === ")") break
    const name = /^[A-Za-z_]\w*/.exec(code.slice(i))?.[0]
    if (!name || code[i + name.length] !== "=")
      throw new Error(`bad kwarg at ${code.slice(i, i + 30)}`)
    i += name.length + 1
    kwargs[name] = value()
    ws()
    if (code[i] === ",") i++
  }
  return { method: head[1] as string, kwargs }
}

export function pythonSends(code: string) {
  const { method, kwargs } = parsePythonCall(code)
  const { extra_body, betas, ...rest } = kwargs
  return { method, body: { ...rest, ...(extra_body as object) }, betas }
}

// --- TypeScript, transpiled and run against a fake SDK ----------------------

export async function typescriptSends(code: string) {
  const { outputText, diagnostics } = transpile(code)
  if (diagnostics.length > 0)
    throw new Error(`syntax: ${diagnostics.join("; ")}`)
  const calls: { method: string; params: Record<string, unknown> }[] = []
  class Anthropic {
    beta = {
      messages: {
        create: async (params: Record<string, unknown>) => (
          calls.push({ method: "create", params }),
          params.stream ? [] : {}
        ),
        countTokens: async (params: Record<string, unknown>) => (
          calls.push({ method: "countTokens", params }),
          {}
        ),
      },
    }
  }
  const body = outputText.replace(
    /^import Anthropic from "@anthropic-ai\/sdk";$/m,
    ""
  )
  const run = vm.runInNewContext(
    `(async (Anthropic, console) => {${body}\n})`
  ) as (a: unknown, c: unknown) => Promise<void>
  await run(Anthropic, { log: () => undefined })
  if (calls.length !== 1)
    throw new Error(`expected one SDK call, got ${calls.length}`)
  const { betas, ...params } = JSON.parse(
    JSON.stringify(calls[0]?.params)
  ) as Record<string, unknown>
  return { method: calls[0]?.method, body: params, betas }
}

function transpile(code: string) {
  const out = ts.transpileModule(code, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
    },
    reportDiagnostics: true,
  })
  return {
    outputText: out.outputText,
    diagnostics: (out.diagnostics ?? []).map((d) => d.messageText),
  }
}

// Runs each snippet with a fake `anthropic` module and prints what the call
// received, as JSON (ensure_ascii keeps lone surrogates representable).
/**
 * Python that installs a fake `anthropic` module whose
 * `Anthropic().beta.messages` is an instance of the `Messages` class the
 * caller's code defines first.
 */
export const PYTHON_FAKE_ANTHROPIC = `
class Beta:
    def __init__(self): self.messages = Messages()
class Anthropic:
    def __init__(self, **kw): self.beta = Beta()
module = types.ModuleType("anthropic")
module.Anthropic = Anthropic
sys.modules["anthropic"] = module
`

export const PYTHON_HARNESS = `
import json, sys, types
captured = []
class Messages:
    def create(self, **kw):
        captured.append(("create", kw))
        return iter([]) if kw.get("stream") else {}
    def count_tokens(self, **kw):
        captured.append(("count_tokens", kw))
        return {}
${PYTHON_FAKE_ANTHROPIC}results = []
for code in json.loads(sys.stdin.read()):
    captured.clear()
    exec(compile(code, "snippet.py", "exec"), {"print": lambda *a, **k: None})
    method, kw = captured[0]
    extra = kw.pop("extra_body", {})
    betas = kw.pop("betas")
    kw.update(extra)
    results.append({"method": method, "body": kw, "betas": betas})
sys.stdout.write(json.dumps(results))
`
