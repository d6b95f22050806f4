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

const PY_ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  b: "\b",
  f: "\f",
  '"': '"',
  "'": "'",
  "\\": "\\",
}

/** Reads Python literals (dicts, lists, "strings", numbers, True/False/None) from `code`. */
class PyLiteralReader {
  constructor(
    readonly code: string,
    public i: number
  ) {}

  ws(): void {
    while (/\s/.test(this.code[this.i] as string)) this.i++
  }

  value(): unknown {
    this.ws()
    const c = this.code[this.i] as string
    if (c === "{" || c === "[") return this.collection(c)
    if (c === '"') return this.string()
    return this.word()
  }

  private collection(open: "{" | "["): unknown {
    const { code } = this
    this.i++
    const close = open === "{" ? "}" : "]"
    const obj: Record<string, unknown> = {}
    const arr: unknown[] = []
    for (;;) {
      this.ws()
      if (code[this.i] === close) break
      const v = this.value()
      this.ws()
      if (open === "{") {
        if (code[this.i++] !== ":") throw new Error(`expected : at ${this.i}`)
        // An own property even for "__proto__" (as Python's dict has it).
        Object.defineProperty(obj, v as string, {
          value: this.value(),
          enumerable: true,
          writable: true,
          configurable: true,
        })
      } else arr.push(v)
      this.ws()
      if (code[this.i] === ",") this.i++
    }
    this.i++
    return open === "{" ? obj : arr
  }

  private string(): string {
    const { code } = this
    let s = ""
    this.i++
    while (code[this.i] !== '"') {
      if (code[this.i] === "\n" || this.i >= code.length)
        throw new Error("newline in string")
      if (code[this.i] !== "\\") {
        s += code[this.i++]
        continue
      }
      const e = code[this.i + 1] as string
      if (e in PY_ESCAPES) {
        s += PY_ESCAPES[e]
        this.i += 2
      } else if (e === "u") {
        s += String.fromCharCode(
          parseInt(code.slice(this.i + 2, this.i + 6), 16)
        )
        this.i += 6
      } else {
        s += "\\" // Python keeps unknown escapes as-is
        this.i += 1
      }
    }
    this.i++
    return s
  }

  private word(): unknown {
    const word = /^(True|False|None|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(
      this.code.slice(this.i, this.i + 40)
    )
    if (!word)
      throw new Error(`unexpected ${this.code.slice(this.i, this.i + 20)}`)
    this.i += word[0].length
    if (word[0] === "None") return null
    if (word[0] === "True" || word[0] === "False") return word[0] === "True"
    return Number(word[0])
  }
}

export function parsePythonCall(code: string): {
  method: string
  kwargs: Record<string, unknown>
} {
  const head = /client\.beta\.messages\.(\w+)\(\n/.exec(code)
  if (!head) throw new Error("no call")
  const r = new PyLiteralReader(code, head.index + head[0].length)
  const kwargs: Record<string, unknown> = {}
  for (;;) {
    r.ws()
    if (code[r.i] === ")") break
    const name = /^[A-Za-z_]\w*/.exec(code.slice(r.i))?.[0]
    if (!name || code[r.i + name.length] !== "=")
      throw new Error(`bad kwarg at ${code.slice(r.i, r.i + 30)}`)
    r.i += name.length + 1
    kwargs[name] = r.value()
    r.ws()
    if (code[r.i] === ",") r.i++
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
