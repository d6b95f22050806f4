import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

import { describe, expect, it } from "vitest"

import {
  generateLogFolder,
  type FolderFile,
} from "@/lib/generate/claude-code-log"

import { analyseLog } from "./analyse"
import { buildReport } from "./report"
import { oracleBill } from "./test-oracle"

/** A folder analysed with the logs' own config, as the page and the terminal do. */
function analysed(files: FolderFile[]) {
  return buildReport(
    files.map((f) => ({ path: f.path, analysis: analyseLog(f.text, null) }))
  )
}

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 9)

describe("a folder's bill as logged", () => {
  // Every layout Claude Code has written (subagent folders, agent files
  // beside the session, sidechains inside it), 1-hour writes in half.
  const files = [
    ...generateLogFolder({
      sessions: 16,
      totalBytes: 3e6,
      seed: 21,
      hourTtl: 0.5,
    }),
  ]
  const report = analysed(files)

  it("equals, per session, the arithmetic over the session's files' distinct API calls", () => {
    expect(report.sessions.length).toBe(16)
    for (const s of report.sessions) {
      const texts = files
        .filter(
          (f) =>
            f.path === s.file ||
            f.path.startsWith(s.file.replace(/\.jsonl$/, "/")) ||
            isOldAgentOf(f, s.file)
        )
        .map((f) => f.text)
      const o = oracleBill(...texts)
      expect(s.requests, s.file).toBe(o.requests)
      expect(s.logged.input).toBe(o.input)
      expect(s.logged.cacheWrite5m + s.logged.cacheWrite1h).toBe(
        o.write5m + o.write1h
      )
      expect(s.logged.cacheRead).toBe(o.read)
      expect(s.logged.output).toBe(o.output)
      close(s.logged.inputDollars, o.inputDollars)
      close(s.logged.inputDollars + s.logged.outputDollars, o.dollars)
    }
  })

  it("totals are the sums of the sessions, and of the days, models and projects", () => {
    const o = oracleBill(...files.map((f) => f.text))
    expect(report.total.requests).toBe(o.requests)
    close(
      report.total.logged.inputDollars + report.total.logged.outputDollars,
      o.dollars
    )
    for (const groups of [report.byDay, report.byModel, report.byProject]) {
      expect(groups.reduce((n, g) => n + g.requests, 0)).toBe(o.requests)
      close(
        groups.reduce((n, g) => n + g.logged.inputDollars, 0),
        o.inputDollars
      )
    }
  })
})

/** An old-layout `agent-*.jsonl` beside its session, naming it in `sessionId`. */
function isOldAgentOf(f: FolderFile, session: string): boolean {
  const dir = session.slice(0, session.lastIndexOf("/") + 1)
  const id = session.slice(dir.length).replace(/\.jsonl$/, "")
  return (
    f.path.startsWith(`${dir}agent-`) && f.text.includes(`"sessionId":"${id}"`)
  )
}

describe("public Claude Code logs (test/real/claude-code), as a folder", () => {
  const dir = join(__dirname, "../../test/real/claude-code")
  const logs = readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => ({
      path: `real/${f}`,
      text: readFileSync(join(dir, f), "utf8"),
    }))

  it("bills every session as the arithmetic over its distinct API calls, each call once in the folder", () => {
    expect(logs.length).toBeGreaterThanOrEqual(3)
    const report = analysed(logs)
    // In path order, a file adds the calls no earlier file holds.
    const byPath = [...logs].sort((a, b) => (a.path < b.path ? -1 : 1))
    byPath.forEach((log, i) => {
      const before = byPath.slice(0, i).map((l) => l.text)
      const all = oracleBill(...before, log.text)
      const earlier = oracleBill(...before)
      const o = {
        requests: all.requests - earlier.requests,
        read: all.read - earlier.read,
        inputDollars: all.inputDollars - earlier.inputDollars,
        dollars: all.dollars - earlier.dollars,
      }
      const s = report.sessions.find((x) => x.file === log.path)
      if (!s) {
        // Every call of it is in an earlier file: listed apart, saying where.
        expect(o.requests, log.path).toBe(0)
        const skipped = report.skipped.find((x) => x.file === log.path)
        expect(skipped?.reason).toMatch(/also in real\/.*counted there/)
        return
      }
      expect(s.requests, log.path).toBe(o.requests)
      expect(s.logged.cacheRead).toBe(o.read)
      close(s.logged.inputDollars, o.inputDollars)
      close(s.logged.inputDollars + s.logged.outputDollars, o.dollars)
    })
  })
})
