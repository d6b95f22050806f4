/**
 * Why the cache missed, on the public Claude Code logs (issue 56, item 3):
 * each real miss gets a cause the log itself can back, and the misses
 * nothing in the log explains stay a small part of what the misses cost.
 * The checks read the evidence straight from the log's lines (times,
 * models, thinking blocks, the reads of its first call), not from the
 * replay that names the cause.
 */
import { readFileSync } from "node:fs"
import { gunzipSync } from "node:zlib"

import { describe, expect, it } from "vitest"

import { timeline } from "@/lib/context-editing"
import { compareWithLog, type RealRow } from "@/lib/real-usage/compare"

import { importedLog, LOGS } from "./claude-code-logs"

/** Each call of a log, straight from its lines: last row per message id. */
function callsOf(text: string) {
  type Row = {
    start: string
    end: string
    model: string
    read: number
    thinks: boolean
  }
  const calls = new Map<string, Row>()
  for (const line of text.split("\n")) {
    if (!line.trim()) continue
    const e = JSON.parse(line)
    const m = e.message
    if (e.type !== "assistant" || !m?.usage || m.model === "<synthetic>")
      continue
    const key = e.requestId ? `${m.id}/${e.requestId}` : m.id
    const thinks = (m.content ?? []).some(
      (b: { type?: string }) => b.type === "thinking"
    )
    const seen = calls.get(key)
    calls.set(key, {
      start: seen?.start ?? e.timestamp,
      end: e.timestamp,
      model: m.model,
      read: m.usage.cache_read_input_tokens ?? 0,
      thinks: (seen?.thinks ?? false) || thinks,
    })
  }
  return calls
}

const all = LOGS.map(({ file, text }) => {
  const { data, usage } = importedLog(text)
  const c = compareWithLog(timeline(data), usage)
  return { file, text, usage, rows: c.rows }
})
const missed = (rows: RealRow[]) => rows.filter((r) => r.miss)

/** What the logs' real misses cost, and the part of it left unexplained. */
function missDollars(logs: ReadonlyArray<{ rows: RealRow[] }>) {
  let total = 0
  let unexplained = 0
  for (const { rows } of logs)
    for (const r of missed(rows)) {
      total += r.miss!.dollars
      if (r.miss!.cause.kind === "unexplained") unexplained += r.miss!.dollars
    }
  return { total, unexplained }
}

describe("misses by cause on the public logs", () => {
  it("leaves at most 20 % of what the real misses cost unexplained", () => {
    const { total, unexplained } = missDollars(all)
    expect(total).toBeGreaterThan(5)
    expect(unexplained / total).toBeLessThanOrEqual(0.2)
  })

  it("an idle miss follows a gap over the cache lifetime in the log's own times; a model-switch miss, a call on another model", () => {
    let idle = 0
    let switched = 0
    for (const { text, usage, rows } of all) {
      const calls = callsOf(text)
      rows.forEach((r, i) => {
        const cause = r.miss?.cause
        if (!cause || (cause.kind !== "idle" && cause.kind !== "model-switch"))
          return
        const me = calls.get(r.call)!
        // The call before on the same conversation and model (caches are per model).
        const before = usage
          .slice(0, i)
          .filter((u) => u.thread === usage[i]!.thread)
          .map((u) => calls.get(u.call ?? "")!)
        if (cause.kind === "idle") {
          idle++
          const last = before.filter((b) => b.model === me.model).at(-1)!
          const gap = Date.parse(me.start) - Date.parse(last.end)
          expect(gap).toBeGreaterThan(cause.ttl === "1h" ? 3_600_000 : 300_000)
        } else {
          switched++
          expect(before.at(-1)!.model).not.toBe(me.model)
        }
      })
    }
    expect(idle).toBeGreaterThan(0)
    expect(switched).toBeGreaterThan(0)
  })

  it("a thinking-changed miss is where the answers' thinking starts or stops, and the call read no more than the fixed prefix", () => {
    let n = 0
    for (const { text, usage, rows } of all) {
      const calls = callsOf(text)
      const fixed = usage[0]!.cache_read_input_tokens
      rows.forEach((r) => {
        if (r.miss?.cause.kind !== "thinking-changed") return
        n++
        // The messages' cache is gone: at most tools and system were read
        // (what the first call read of an earlier session's cache, or on a
        // cold start Claude Code 1.x's tools and system, 11,459–16,565), and
        // at most a reminder's worth more.
        const read = calls.get(r.call)!.read
        expect(read).toBeLessThanOrEqual(Math.max(fixed, 16_565) + 1024)
        expect(read).toBeLessThan(0.5 * r.real)
        // Under manual thinking every answer of a turn sent with thinking
        // begins with it, and none of a turn sent without: this call's
        // answer says which side of the switch it is on.
        const cause = r.miss!.cause as { thinking: boolean }
        expect(calls.get(r.call)!.thinks).toBe(cause.thinking)
      })
    }
    expect(n).toBeGreaterThan(3)
  })
})

/**
 * Five whole Opus 4.6 sessions of Claude Code 2.1 (test/real/claude-code/
 * compacted/, each with a real compaction): new turns after which the
 * call read only the tools and system prompt.
 */
const dir = new URL("./claude-code/compacted/", import.meta.url)
const files = (
  JSON.parse(readFileSync(new URL("sources.json", dir), "utf8")) as {
    logs: Array<{ file: string }>
  }
).logs.map((l) => l.file)
const logs = files.map((file) => {
  const text = gunzipSync(readFileSync(new URL(file, dir))).toString("utf8")
  const { data, usage } = importedLog(text)
  return {
    file,
    text,
    usage,
    rows: compareWithLog(timeline(data), usage).rows,
  }
})

/** What the first call after a compaction read: a fresh conversation's tools and system prompt. */
function freshRead(text: string): number | null {
  let after = false
  for (const line of text.split("\n")) {
    if (!line.trim()) continue
    const e = JSON.parse(line)
    if (e.type === "system" && e.subtype === "compact_boundary") after = true
    else if (
      after &&
      e.type === "assistant" &&
      e.message?.usage &&
      !e.isSidechain
    )
      return e.message.usage.cache_read_input_tokens ?? 0
  }
  return null
}

describe("misses by cause on Claude Code 2.1 logs (Opus 4.6, adaptive thinking)", () => {
  it("leaves at most 20 % of what the real misses cost unexplained", () => {
    const { total, unexplained } = missDollars(logs)
    expect(total).toBeGreaterThan(1)
    expect(unexplained / total).toBeLessThanOrEqual(0.2)
  })

  it("a start-changed miss read what a fresh conversation reads after the compaction (tools and system prompt), far less than the call before had cached", () => {
    let n = 0
    for (const { text, rows } of logs) {
      const calls = callsOf(text)
      const fresh = freshRead(text)
      rows.forEach((r, i) => {
        if (r.miss?.cause.kind !== "start-changed") return
        n++
        const read = calls.get(r.call)!.read
        expect(fresh).not.toBeNull()
        expect(Math.abs(read - fresh!)).toBeLessThanOrEqual(0.01 * fresh!)
        // The same model's call before (in the log's order) had cached more.
        const before = rows
          .slice(0, i)
          .filter((b) => b.model === r.model && b.thread === r.thread)
          .at(-1)!
        expect(calls.get(before.call)!.read).toBeGreaterThan(2 * read)
      })
    }
    expect(n).toBeGreaterThanOrEqual(2)
  })
})

describe("a miss is only what was cached and written again", () => {
  it("no call that read all its model's call before had cached is a miss, on any public log (Claude Code 1.x and 2.1)", () => {
    for (const { text, rows } of [...all, ...logs]) {
      const usage = new Map<string, { read: number; write: number }>()
      for (const line of text.split("\n")) {
        if (!line.trim()) continue
        const e = JSON.parse(line)
        const m = e.message
        if (e.type !== "assistant" || !m?.usage) continue
        usage.set(e.requestId ? `${m.id}/${e.requestId}` : m.id, {
          read: m.usage.cache_read_input_tokens ?? 0,
          write: m.usage.cache_creation_input_tokens ?? 0,
        })
      }
      rows.forEach((r, i) => {
        const before = rows
          .slice(0, i)
          .filter((b) => b.model === r.model && b.thread === r.thread)
          .at(-1)
        if (!before || !r.miss) return
        const b = usage.get(before.call)!
        expect(usage.get(r.call)!.read).toBeLessThan(b.read + b.write)
      })
    }
  })
})
