// Exported code must send exactly the request the playground holds. Each
// snippet is read back the way its language would read it: curl's --data
// through a real shell, Python literals through a parser with Python's
// escape rules (and python3 itself when installed), TypeScript by
// transpiling and running it against a fake SDK.

import { execFileSync, spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"

import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { smallRequestArb } from "@/lib/share/fake-states"

import { exportCode } from "./export-code"
import { prepareRequest, type ExportTarget } from "./request-body"
import {
  PYTHON_HARNESS,
  curlData,
  pythonSends,
  typescriptSends,
} from "./testing/read-snippets"

const fixture = (
  JSON.parse(
    readFileSync(join(__dirname, "../share/__fixtures__/v1.json"), "utf8")
  ) as {
    request: Record<string, unknown>
  }
).request

// Requests with extra top-level fields of any JSON shape and awkward names.
const anyRequestArb = fc
  .tuple(
    smallRequestArb,
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          "weird-key",
          "class",
          "from",
          "$dollar",
          "名前",
          "it's"
        ),
        fc.string({ maxLength: 6 })
      ),
      fc.jsonValue({ maxDepth: 3 }),
      { maxKeys: 3 }
    ),
    fc.boolean()
  )
  .map(([request, extra, stream]) => ({
    ...extra,
    ...request,
    ...(stream ? { stream: true } : {}),
  }))

const targets: ExportTarget[] = ["messages", "count_tokens"]

// What the code should send: the prepared body, JSON-normalised (-0 → 0).
function expected(request: unknown, target: ExportTarget) {
  const prepared = prepareRequest(request, target)
  if (!prepared) throw new Error("not an object")
  return {
    body: JSON.parse(JSON.stringify(prepared.body)) as unknown,
    betas: prepared.betas,
  }
}

// --- the round trips ---------------------------------------------------------

describe("exported code sends the same request", () => {
  it.each(targets)(
    "curl --data parses back to the body (%s)",
    async (target) => {
      await fc.assert(
        fc.property(anyRequestArb, (request) => {
          const code = exportCode(request, { language: "curl", target })
          expect(curlData(code)).toEqual(expected(request, target).body)
        }),
        { numRuns: 100 }
      )
    }
  )

  it.each(targets)("Python kwargs read back to the body (%s)", (target) => {
    fc.assert(
      fc.property(anyRequestArb, (request) => {
        const code = exportCode(request, { language: "python", target })
        const sent = pythonSends(code)
        const want = expected(request, target)
        expect(sent).toEqual({
          method: target === "messages" ? "create" : "count_tokens",
          ...want,
        })
      }),
      { numRuns: 100 }
    )
  })

  it.each(targets)(
    "TypeScript runs and sends the body (%s)",
    async (target) => {
      await fc.assert(
        fc.asyncProperty(anyRequestArb, async (request) => {
          const code = exportCode(request, { language: "typescript", target })
          const want = expected(request, target)
          expect(await typescriptSends(code)).toEqual({
            method: target === "messages" ? "create" : "countTokens",
            ...want,
          })
        }),
        { numRuns: 30 }
      )
    }
  )

  it("a real shell passes the headers and the body to curl unchanged, a large body through stdin", () => {
    const big = {
      model: "m",
      messages: [{ role: "user", content: "it's big ".repeat(20_000) }],
    }
    const samples = [
      big,
      fixture,
      {
        model: "m",
        messages: [{ role: "user", content: 'it\'s $HOME `id` \\n "q" ! 👩‍💻' }],
      },
      ...fc.sample(anyRequestArb, { numRuns: 8, seed: 7 }),
    ]
    for (const request of samples) {
      for (const target of targets) {
        const code = exportCode(request, { language: "curl", target })
        // The script goes through stdin: argv strings are capped at 128 KB.
        const out = execFileSync("bash", ["-s"], {
          // A fake curl: its arguments, then what it reads from stdin
          // (for --data-binary @-), each NUL-terminated.
          input: `curl() { printf '%s\\0' "$@"; for a; do if [ "$a" = @- ]; then printf 'STDIN\\0'; cat; printf '\\0'; fi; done; }\n${code}`,
          env: {
            PATH: process.env.PATH,
            ANTHROPIC_API_KEY: "test-key-123",
          } as unknown as NodeJS.ProcessEnv,
          encoding: "utf8",
          maxBuffer: 256 * 1024 * 1024,
        })
        const args = out.split("\0").slice(0, -1)
        expect(args).toContain("x-api-key: test-key-123")
        const data = args.includes("STDIN")
          ? args[args.indexOf("STDIN") + 1]
          : args[args.indexOf("--data") + 1]
        expect(data).toBeDefined()
        // No single argument is over Linux's 128 KiB limit.
        for (const a of args.slice(0, args.indexOf("STDIN") >>> 0))
          expect(Buffer.byteLength(a)).toBeLessThan(128 * 1024)
        expect(JSON.parse(data as string)).toEqual(
          expected(request, target).body
        )
        if (request === big) expect(args).toContain("--data-binary")
        const beta = args.find((a) => a.startsWith("anthropic-beta: "))
        expect(beta?.slice("anthropic-beta: ".length).split(",")).toEqual(
          expected(request, target).betas
        )
      }
    }
  })

  it("curl sends workspace_id and user_profile_id as the headers the SDKs use, not in the body", () => {
    const request = {
      model: "m",
      max_tokens: 8,
      workspace_id: "wrkspc_it's $HOME",
      user_profile_id: "prof_1",
      messages: [{ role: "user", content: "hi" }],
    }
    for (const target of targets) {
      const code = exportCode(request, { language: "curl", target })
      const args = execFileSync("bash", ["-s"], {
        input: `curl() { printf '%s\\0' "$@"; }\n${code}`,
        env: { PATH: process.env.PATH } as unknown as NodeJS.ProcessEnv,
        encoding: "utf8",
      })
        .split("\0")
        .slice(0, -1)
      expect(args).toContain("anthropic-workspace-id: wrkspc_it's $HOME")
      expect(args).toContain("anthropic-user-profile-id: prof_1")
      const body = JSON.parse(args[args.indexOf("--data") + 1]!) as object
      expect(body).not.toHaveProperty("workspace_id")
      expect(body).not.toHaveProperty("user_profile_id")
      expect(body).toHaveProperty("model", "m")
    }
  })

  const hasPython = spawnSync("python3", ["--version"]).status === 0
  it.skipIf(!hasPython)(
    "python3 runs the snippet and the fake SDK receives the body",
    () => {
      const requests = [
        fixture,
        ...fc.sample(anyRequestArb, { numRuns: 30, seed: 11 }),
      ]
      const jobs = requests.flatMap((request) =>
        targets.map((target) => ({
          request,
          target,
          code: exportCode(request, { language: "python", target }),
        }))
      )
      const out = execFileSync("python3", ["-c", PYTHON_HARNESS], {
        input: JSON.stringify(jobs.map((j) => j.code)),
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      })
      const results = JSON.parse(out) as {
        method: string
        body: unknown
        betas: string[]
      }[]
      results.forEach((result, k) => {
        const job = jobs[k]
        if (!job) throw new Error("missing job")
        expect(result).toEqual({
          method: job.target === "messages" ? "create" : "count_tokens",
          ...expected(job.request, job.target),
        })
      })
    }
  )
})
