// The bytes the report's main thread reads for the replaying thread
// (scripts/report/file-bytes.ts): the file as it is on disk, in buffers
// that come back and serve the next files, and no read at all for a file
// the worker must handle itself (over the replay's limit, or unreadable).
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { afterAll, describe, expect, it } from "vitest"

import {
  ByteLender,
  readsByLine,
  REPLAY_MAX_BYTES,
} from "../scripts/report/file-bytes"

const dir = mkdtempSync(join(tmpdir(), "cep-file-bytes-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

const entry = (type: string, extra: object = {}) =>
  JSON.stringify({ type, sessionId: "s-1", uuid: `u-${type}`, ...extra })
const log = [entry("user"), entry("assistant")].join("\n") + "\n"

describe("the bytes lent to the replaying thread", () => {
  it("are the file's bytes, and a buffer given back serves the next file", () => {
    const lender = new ByteLender()
    const big = file("big.jsonl", log.repeat(50))
    const small = file("small.jsonl", "é — " + log)
    const first = lender.lend(big)!
    expect(Buffer.from(first.bytes).toString("utf8")).toBe(log.repeat(50))
    lender.giveBack(first.bytes.buffer as ArrayBuffer)
    const second = lender.lend(small)!
    expect(Buffer.from(second.bytes).toString("utf8")).toBe("é — " + log)
    // The same memory, not a new buffer per file.
    expect(second.bytes.buffer).toBe(first.bytes.buffer)
  })

  it("are new memory while the earlier file is still with the thread", () => {
    const lender = new ByteLender()
    const a = lender.lend(file("a.jsonl", log))!
    const b = lender.lend(file("b.jsonl", log))!
    expect(b.bytes.buffer).not.toBe(a.bytes.buffer)
  })

  it("are not read for a file over the replay's limit, nor for one that cannot be read", () => {
    const lender = new ByteLender()
    const huge = file("huge.jsonl", "")
    truncateSync(huge, REPLAY_MAX_BYTES + 1) // sparse: nothing is written
    expect(lender.lend(huge)).toBeNull()
    expect(lender.lend(join(dir, "gone.jsonl"))).toBeNull()
    expect(lender.lend(dir)).toBeNull()
  })

  it("say whether the file reads line by line as the page's import does", () => {
    const lender = new ByteLender()
    expect(lender.lend(file("log.jsonl", log))!.byLine).toBe(true)
    // A NUL (the page's gate refuses it), bytes that are not UTF-8, and
    // a file that is not a Claude Code log go to the whole-text reading.
    expect(lender.lend(file("nul.jsonl", log + "\0"))!.byLine).toBe(false)
    const latin1 = Buffer.concat([Buffer.from(log), Buffer.from([0xe9, 0x0a])])
    expect(lender.lend(file("latin1.jsonl", latin1))!.byLine).toBe(false)
    const request = JSON.stringify({ model: "claude-sonnet-4-5", messages: [] })
    expect(lender.lend(file("request.json", request))!.byLine).toBe(false)
    expect(readsByLine(Buffer.from(log))).toBe(true)
  })

  it("judge only the file's own bytes in the reader's shared slot", () => {
    // The read-ahead thread hands a view of a larger shared buffer: a NUL
    // left there by an earlier, longer file must not count against this one.
    const bytes = Buffer.from(log)
    const slot = new Uint8Array(new SharedArrayBuffer(bytes.length + 16))
    slot.set(bytes, 8)
    const view = (at: number, nul: number) => {
      slot.fill(0x20, 0, 8)
      slot.fill(0x20, 8 + bytes.length)
      slot[nul] = 0
      return new Uint8Array(slot.buffer, at, bytes.length)
    }
    expect(readsByLine(view(8, 3))).toBe(true)
    expect(readsByLine(view(8, 8 + bytes.length + 2))).toBe(true)
    slot.set(bytes, 8)
    expect(readsByLine(view(8, 8 + 10))).toBe(false)
  })
})
