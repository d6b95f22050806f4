// `npm run report` as a terminal command: stdout holds the report alone
// (one JSON document with --json, through npm too), bad files are rows with
// their reason and never stop the report, nothing printed carries a raw
// control character, and a --config that is not one is not echoed.
import { spawnSync } from "node:child_process"
import {
  closeSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

import { afterAll, describe, expect, it } from "vitest"

import { analyseLog } from "@/lib/fleet/analyse"
import {
  EXAMPLE_FOLDER,
  generateLogFolder,
} from "@/lib/generate/claude-code-log"

const tmp = mkdtempSync(join(tmpdir(), "cep-report-cli-"))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** Runs the command; its exit code, stdout and stderr. */
function report(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ["scripts/report.mjs", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** A folder of generated logs (every layout) under `dir`. */
function writeLogs(dir: string, sessions: number, seed: number) {
  for (const f of generateLogFolder({ sessions, totalBytes: 4e5, seed })) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true })
    writeFileSync(join(dir, f.path), f.text)
  }
}

/** A file of `bytes` that takes no disk: `head`, then NULs to its size (sparse). */
function sparse(path: string, bytes: number, head = "") {
  const fd = openSync(path, "w")
  writeSync(fd, head)
  writeSync(fd, "\0", bytes - 1)
  closeSync(fd)
}

type Json = {
  sessions: Array<{ file: string }>
  total: { sessions: number; requests: number; logged: { dollars: number } }
  failed: Array<{ file: string; reason: string }>
  skipped: Array<{ file: string; reason: string }>
}

/** A one-page PDF ("Hello PDF world.") the engine reads with its PDF extension. */
const PDF =
  "JVBERi0xLjQKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgL01lZGlhQm94IFswIDAgNjEyIDc5Ml0gL1Jlc291cmNlcyA8PCAvRm9udCA8PCAvRjEgNCAwIFIgPj4gPj4gPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvQ29udGVudHMgNSAwIFIgPj4KZW5kb2JqCjQgMCBvYmoKPDwgL1R5cGUgL0ZvbnQgL1N1YnR5cGUgL1R5cGUxIC9CYXNlRm9udCAvSGVsdmV0aWNhID4+CmVuZG9iago1IDAgb2JqCjw8IC9MZW5ndGggNDQgPj4Kc3RyZWFtCkJUIC9GMSAxMiBUZiA3MiA3MjAgVGQgKEhlbGxvIFBERiB3b3JsZC4pIFRqIEVUCmVuZHN0cmVhbQplbmRvYmoKdHJhaWxlcgo8PCAvUm9vdCAxIDAgUiA+PgolJUVPRgo="

/** A Claude Code log whose first prompt holds a PDF. */
const pdfLog = [
  {
    type: "user",
    uuid: "u1",
    parentUuid: null,
    sessionId: "pdf",
    timestamp: "2026-10-01T09:00:00Z",
    message: { role: "user", content: "Read the report I attach next." },
  },
  {
    type: "assistant",
    uuid: "a1",
    parentUuid: "u1",
    timestamp: "2026-10-01T09:00:05Z",
    requestId: "r1",
    message: {
      id: "m1",
      model: "claude-sonnet-4-5-20250929",
      role: "assistant",
      content: [{ type: "text", text: "Send it." }],
      usage: {
        input_tokens: 3,
        cache_creation_input_tokens: 4000,
        cache_read_input_tokens: 0,
        output_tokens: 4,
      },
    },
  },
  {
    type: "user",
    uuid: "u2",
    parentUuid: "a1",
    sessionId: "pdf",
    timestamp: "2026-10-01T09:01:00Z",
    message: {
      role: "user",
      content: [
        {
          type: "document",
          source: { type: "base64", media_type: "application/pdf", data: PDF },
        },
        { type: "text", text: "Summarise this." },
      ],
    },
  },
  {
    type: "assistant",
    uuid: "a2",
    parentUuid: "u2",
    timestamp: "2026-10-01T09:01:05Z",
    requestId: "r2",
    message: {
      id: "m2",
      model: "claude-sonnet-4-5-20250929",
      role: "assistant",
      content: [{ type: "text", text: "It says hello." }],
      usage: {
        input_tokens: 3,
        cache_creation_input_tokens: 2000,
        cache_read_input_tokens: 4003,
        output_tokens: 9,
      },
    },
  },
]
  .map((e) => JSON.stringify(e))
  .join("\n")

describe("npm run report in a terminal", () => {
  const good = join(tmp, "good")
  writeLogs(good, 4, 7)

  it("prints one JSON document on stdout through the README's own command, npm's banner on stderr", () => {
    const r = spawnSync("npm", ["run", "report", "--", good, "--json"], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    })
    expect(r.status).toBe(0)
    const doc = JSON.parse(r.stdout) as Json & { tune: unknown }
    expect(doc.total.sessions).toBe(4)
    expect(doc.tune).toBeDefined()
    expect(r.stderr).toContain("> context-editing-playground")
  })

  it("keeps the good sessions of a folder with a 600 MB sparse file, a 200 MB one-line log and control characters in a name", () => {
    const bad = join(tmp, "bad")
    cpSync(good, bad, { recursive: true })
    const project = join(bad, "hostile")
    mkdirSync(project)
    sparse(join(project, "sparse.jsonl"), 600 * 1024 * 1024)
    sparse(
      join(project, "one-line.jsonl"),
      200 * 1024 * 1024,
      '{"type":"user","message":{"role":"user","content":"'
    )
    writeFileSync(
      join(project, "\u001b]0;owned\u0007\r\u001b[2J.jsonl"),
      "x\0y"
    )
    const clean = JSON.parse(
      report([good, "--json", "--no-tune"]).stdout
    ) as Json
    for (const mode of [["--no-tune"], ["--no-replay"]]) {
      const r = report([bad, "--json", ...mode])
      expect(r.code, r.stderr).toBe(0)
      const doc = JSON.parse(r.stdout) as Json
      expect(doc.total.requests).toBe(clean.total.requests)
      expect(doc.total.logged.dollars).toBeCloseTo(
        clean.total.logged.dollars,
        9
      )
      expect(doc.failed.map((f) => f.file).sort()).toEqual([
        "hostile/one-line.jsonl",
        "hostile/sparse.jsonl",
      ])
      for (const f of doc.failed)
        expect(f.reason).toMatch(/not a Claude Code log.*over the 20 MB/)
      // The file with a hostile name holds no log: listed apart, saying why.
      const named = doc.skipped.find((s) => s.file.startsWith("hostile/\u001b"))
      expect(named?.reason).toMatch(/not a Claude Code log/)
      expect(doc.sessions.some((s) => s.file.startsWith("hostile/"))).toBe(
        false
      )
    }
    const text = report([bad, "--no-replay"])
    expect(text.code).toBe(0)
    expect(text.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/)
    expect(text.stdout).toContain(
      "hostile/\\x1b]0;owned\\x07\\x0d\\x1b[2J.jsonl"
    )
    expect(text.stdout).toContain("hostile/sparse.jsonl: not a Claude Code log")
  }, 120_000)

  it("--example reports the page's example folder as the same files on disk, says so, and leaves nothing behind", () => {
    const leftovers = () =>
      readdirSync(tmpdir()).filter((n) =>
        n.startsWith("claude-sessions-example-")
      )
    const before = leftovers()
    const example = report(["--example", "--json", "--no-tune"])
    expect(example.code).toBe(0)
    const got = JSON.parse(example.stdout) as Json & {
      total: { replayDollars: number }
    }
    const dir = join(tmp, "example")
    for (const f of generateLogFolder(EXAMPLE_FOLDER)) {
      mkdirSync(dirname(join(dir, f.path)), { recursive: true })
      writeFileSync(join(dir, f.path), f.text)
    }
    const same = JSON.parse(
      report([dir, "--json", "--no-tune"]).stdout
    ) as typeof got
    expect(got.total.sessions).toBe(EXAMPLE_FOLDER.sessions)
    expect(got.total.requests).toBe(same.total.requests)
    expect(got.total.logged.dollars).toBeCloseTo(same.total.logged.dollars, 9)
    expect(got.total.replayDollars).toBeCloseTo(same.total.replayDollars, 9)
    expect(leftovers()).toEqual(before)
    const text = report(["--example", "--no-replay"])
    expect(text.stdout.split("\n")[0]).toMatch(
      /^Claude Code sessions in an example folder \(generated sessions\): 12 sessions/
    )
  })

  it("reads every folder CLAUDE_CONFIG_DIR names when no folder is given", () => {
    const a = join(tmp, "config-a")
    const b = join(tmp, "config-b")
    writeLogs(join(a, "projects"), 2, 11)
    writeLogs(join(b, "projects"), 3, 12)
    const r = report(["--json", "--no-replay"], {
      CLAUDE_CONFIG_DIR: `${a},${b}`,
    })
    expect(r.code, r.stderr).toBe(0)
    const doc = JSON.parse(r.stdout) as Json & { folders: string[] }
    expect(doc.folders).toEqual([join(a, "projects"), join(b, "projects")])
    expect(doc.total.sessions).toBe(5)
  })

  it("replays as the engine does here, its extensions included (a PDF read page by page)", () => {
    const dir = join(tmp, "pdf", "p")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "pdf.jsonl"), pdfLog)
    const r = report([join(tmp, "pdf"), "--json", "--no-tune"])
    expect(r.code, r.stderr).toBe(0)
    const got = (
      JSON.parse(r.stdout) as {
        sessions: Array<{ peak: number; replayDollars: number }>
      }
    ).sessions[0]!
    const here = analyseLog(pdfLog, null)
    expect(got.peak).toBe(here.config!.peak)
    expect(got.replayDollars).toBeCloseTo(here.replay!.dollars, 12)
  })

  it("ends quietly when the reader closes the pipe first (| head)", () => {
    // `true` exits at once: every write of the report meets a closed pipe.
    const r = spawnSync(
      "bash",
      [
        "-c",
        `"${process.execPath}" scripts/report.mjs "${good}" --json --no-replay | true; echo "exit $\{PIPESTATUS[0]}" >&2`,
      ],
      { encoding: "utf8" }
    )
    expect(r.stderr.trim()).toBe("exit 0")
  })

  it("hands a slow reader the whole report before it exits", () => {
    // The reader starts a second late: the report is many times a pipe's
    // 64 KB, so most of it is still to be written when the work is done.
    const many = join(tmp, "many")
    writeLogs(many, 300, 11)
    const out = join(tmp, "slow-reader.json")
    const r = spawnSync(
      "bash",
      [
        "-c",
        `"${process.execPath}" scripts/report.mjs "${many}" --json --no-tune | (sleep 1; cat > "${out}"); echo "exit $\{PIPESTATUS[0]}" >&2`,
      ],
      { encoding: "utf8" }
    )
    expect(r.stderr.trim().split("\n").at(-1)).toBe("exit 0")
    const text = readFileSync(out, "utf8")
    expect(text.length).toBeGreaterThan(4 * 65_536)
    const direct = report([many, "--json", "--no-tune"])
    expect(text).toBe(direct.stdout)
    expect((JSON.parse(text) as Json).total.requests).toBeGreaterThan(0)
  })

  it("echoes nothing of a --config file that is not JSON", () => {
    const secret = join(tmp, "passwd")
    writeFileSync(secret, "root:x:0:0:root:/root:/bin/bash\n")
    const r = report([good, "--config", secret])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe("")
    expect(r.stderr).toContain("is neither a permalink nor JSON")
    expect(r.stderr).not.toContain("root:")
  })
})
