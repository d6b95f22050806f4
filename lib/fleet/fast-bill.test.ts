import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

import { describe, expect, it } from "vitest"

import { CLAUDE_CODE_TYPES } from "@/lib/import/claude-code/import"

import {
  BillReader,
  billOfText,
  CLAUDE_CODE_ENTRY_TYPES,
  MAX_FIRST_LINE_BYTES,
  MAX_LINE_BYTES,
  opensAsClaudeCode,
} from "./fast-bill"
import { readLog } from "./log-reading"
import { generateLogFolder } from "@/lib/generate/claude-code-log"

const REAL = "test/real/claude-code"
const realLogs = readdirSync(REAL)
  .filter((n) => n.endsWith(".jsonl"))
  .map((n) => ({ name: n, text: readFileSync(join(REAL, n), "utf8") }))

/** A text pushed in chunks of `size` bytes. */
function inChunks(text: string, size: number) {
  const bytes = new TextEncoder().encode(text)
  const r = new BillReader()
  for (let i = 0; i < bytes.length; i += size)
    r.push(bytes.subarray(i, i + size))
  return r.end()
}

const sorted = <T>(xs: T[]) => xs.map((x) => JSON.stringify(x)).sort()

/** Two rows of one streamed message, then a second call; a synthetic and an error entry. */
const LOG = [
  `{"type":"user","uuid":"u1","sessionId":"s1","timestamp":"2026-10-01T09:00:00Z","message":{"role":"user","content":"hi"}}`,
  `{"type":"assistant","uuid":"a1","parentUuid":"u1","timestamp":"2026-10-01T09:00:01Z","requestId":"r1","message":{"id":"m1","model":"claude-sonnet-4-5-20250929","role":"assistant","content":[{"type":"text","text":"…"}],"usage":{"input_tokens":1,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":1}}}`,
  `{"type":"assistant","uuid":"a2","parentUuid":"a1","timestamp":"2026-10-01T09:00:02Z","requestId":"r1","message":{"id":"m1","model":"claude-sonnet-4-5-20250929","role":"assistant","content":[{"type":"text","text":"done"}],"usage":{"input_tokens":10,"cache_creation_input_tokens":1000,"cache_read_input_tokens":20000,"output_tokens":200,"cache_creation":{"ephemeral_5m_input_tokens":0,"ephemeral_1h_input_tokens":1000}}}}`,
  `{"type":"assistant","uuid":"a3","parentUuid":"a2","timestamp":"2026-10-02T10:00:00Z","message":{"id":"x","model":"<synthetic>","role":"assistant","content":[],"usage":{"input_tokens":5,"output_tokens":5}}}`,
  `{"type":"assistant","uuid":"a4","parentUuid":"a2","timestamp":"2026-10-02T10:00:00Z","isApiErrorMessage":true,"message":{"id":"y","model":"claude-sonnet-4-5-20250929","role":"assistant","content":[],"usage":{"input_tokens":5,"output_tokens":5}}}`,
  `{"type":"user","uuid":"u2","parentUuid":"a2","timestamp":"2026-10-02T10:00:00Z","message":{"role":"user","content":"again"}}`,
  `{"type":"assistant","uuid":"a5","parentUuid":"u2","timestamp":"2026-10-02T10:00:03Z","requestId":"r2","message":{"id":"m2","model":"claude-haiku-4-5-20251001","role":"assistant","content":[{"type":"text","text":"ok"}],"usage":{"input_tokens":4,"cache_creation_input_tokens":0,"cache_read_input_tokens":21000,"output_tokens":50}}}`,
].join("\n")

describe("the bill read from a log's bytes (--no-replay)", () => {
  it("knows the importer's Claude Code entry types", () => {
    expect([...CLAUDE_CODE_ENTRY_TYPES].sort()).toEqual(
      [...CLAUDE_CODE_TYPES].sort()
    )
  })

  it("counts a streamed message once, at its last row's usage, and no synthetic or error entry", () => {
    const v = billOfText(LOG)
    if (v.kind !== "bill") throw new Error("not read as a bill")
    expect(v.sessionId).toBe("s1")
    expect(v.calls).toHaveLength(2)
    const [first, second] = v.calls
    // Sonnet 4.5: $3 input, 1-hour writes $6, reads $0.30, output $15 per million.
    expect(first).toMatchObject({
      model: "claude-sonnet-4-5-20250929",
      timestamp: "2026-10-01T09:00:02Z",
      input: 10,
      write5m: 0,
      write1h: 1000,
      read: 20000,
      output: 200,
    })
    expect(first!.inputDollars).toBeCloseTo(
      (10 * 3 + 1000 * 6 + 20000 * 0.3) / 1e6,
      12
    )
    expect(first!.outputDollars).toBeCloseTo((200 * 15) / 1e6, 12)
    // Haiku 4.5: $1 input, reads $0.10, output $5.
    expect(second!.inputDollars).toBeCloseTo((4 * 1 + 21000 * 0.1) / 1e6, 12)
    expect(second!.outputDollars).toBeCloseTo((50 * 5) / 1e6, 12)
  })

  it("finds every call the full import bills, on every real log, whatever the chunk size", () => {
    for (const { name, text } of realLogs) {
      const full = readLog(text)
      if ("error" in full) throw new Error(`${name}: ${full.error}`)
      for (const size of [1, 7, 4096, 1 << 20]) {
        const v = inChunks(text, size)
        if (v.kind !== "bill") throw new Error(`${name} not read as a bill`)
        expect(sorted(v.calls), `${name}, chunks of ${size}`).toEqual(
          sorted(full.calls)
        )
      }
    }
  })

  it("finds the same calls on generated logs of every layout (compactions, subagents, 1-hour writes)", () => {
    for (const f of generateLogFolder({
      sessions: 12,
      totalBytes: 1.5e6,
      seed: 53,
    })) {
      const full = readLog(f.text)
      if ("error" in full) throw new Error(`${f.path}: ${full.error}`)
      const v = inChunks(f.text, 997)
      expect(v.kind).toBe("bill")
      if (v.kind === "bill")
        expect(sorted(v.calls), f.path).toEqual(sorted(full.calls))
    }
  })

  it("says `other` for what is not Claude Code JSONL, so the general reading takes it", () => {
    expect(billOfText('{"model":"claude-sonnet-4-5","messages":[]}').kind).toBe(
      "other"
    )
    expect(billOfText("curl https://api.anthropic.com\n-d {}").kind).toBe(
      "other"
    )
    expect(opensAsClaudeCode(new TextEncoder().encode(LOG))).toBe(true)
    expect(opensAsClaudeCode(new TextEncoder().encode("a\nb\n"))).toBe(false)
  })

  it("stops reading a file whose first line never ends (a sparse file of NULs), holding no more than a line's limit", () => {
    const r = new BillReader()
    const zeros = new Uint8Array(1 << 20)
    let pushed = 0
    while (r.push(zeros)) pushed++
    expect(pushed).toBe(MAX_FIRST_LINE_BYTES / zeros.length)
    expect(r.end().kind).toBe("other")
  })

  it("skips a line over the limit without holding it, and reads the calls around it", () => {
    const lines = LOG.split("\n")
    const r = new BillReader()
    const enc = new TextEncoder()
    r.push(enc.encode(`${lines.slice(0, 3).join("\n")}\n{"type":"user","x":"`))
    const filler = new Uint8Array(1 << 20).fill(0x61)
    for (let i = 0; i <= MAX_LINE_BYTES / filler.length; i++) r.push(filler)
    r.push(enc.encode(`"}\n${lines.slice(3).join("\n")}`))
    const v = r.end()
    if (v.kind !== "bill") throw new Error("not read as a bill")
    expect(v.longLines).toBe(1)
    expect(v.calls.map((c) => c.model)).toEqual([
      "claude-sonnet-4-5-20250929",
      "claude-haiku-4-5-20251001",
    ])
  })
})
