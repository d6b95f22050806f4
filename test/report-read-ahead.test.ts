// The thread that reads files ahead for a replay on the report's own thread
// (scripts/report/read-ahead.ts), run as the command runs it (the built
// bundle's reader.mjs): every file's bytes in the order asked, through more
// files than it has slots, the ones it cannot read left to the replay, and
// a reader that stops answering given up rather than waited for.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Worker } from "node:worker_threads"

import { afterAll, describe, expect, it } from "vitest"

import { bundleDir } from "../scripts/report/bundle.mjs"
import { ReadAhead } from "../scripts/report/read-ahead"
import { READER_THREAD, startThread } from "../scripts/report/thread"

const tmp = mkdtempSync(join(tmpdir(), "cep-read-ahead-"))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const reader = async (): Promise<Worker> =>
  startThread(await bundleDir(), READER_THREAD)

const text = (bytes: Uint8Array | undefined) =>
  bytes === undefined ? null : Buffer.from(bytes).toString("utf8")

describe("the report's read-ahead thread", () => {
  it("hands over each file's bytes in order, and leaves what it cannot read to the replay", async () => {
    const log = `{"type":"user","sessionId":"s","message":{"role":"user","content":"hi"}}\n`
    const files = Array.from({ length: 14 }, (_, i) => {
      const path = join(tmp, `file-${i}.jsonl`)
      writeFileSync(path, i % 3 === 0 ? log.repeat(i + 1) : `other ${i}\n`)
      return path
    })
    const missing = join(tmp, "missing.jsonl")
    const large = join(tmp, "large.jsonl")
    writeFileSync(large, "x".repeat(4096))
    const paths = [...files.slice(0, 5), missing, large, ...files.slice(5)]
    const ahead = ReadAhead.start(await reader(), paths, 1024)
    const got = paths.map(() => {
      const lent = ahead.take()
      const r = lent && { text: text(lent.bytes), byLine: lent.byLine }
      ahead.done()
      return r
    })
    ahead.stop()
    expect(got).toEqual(
      paths.map((p) => {
        if (p === missing || p === large) return null
        const i = files.indexOf(p)
        return i % 3 === 0
          ? { text: log.repeat(i + 1), byLine: true }
          : { text: `other ${i}\n`, byLine: false }
      })
    )
  })

  it("gives up a reader that does not answer, and the replay reads every file itself", () => {
    const silent = {
      postMessage: () => {},
      terminate: async () => 0,
    } as unknown as Worker
    const ahead = ReadAhead.start(silent, ["a", "b"], 16)
    const started = performance.now()
    expect(ahead.take()).toBeNull()
    ahead.done()
    const waited = performance.now() - started
    expect(waited).toBeGreaterThan(1_000)
    expect(waited).toBeLessThan(10_000)
    const again = performance.now()
    expect(ahead.take()).toBeNull()
    expect(performance.now() - again).toBeLessThan(100)
  })
})
