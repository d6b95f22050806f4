// What a worker thread of `npm run report` does with one file: the bill
// alone, streamed (lib/fleet/fast-bill.ts), or the page's own job on the
// whole text (lib/fleet/jobs.ts: bill, replay and what-if, or the tuner's
// configs). The engine loads only when a job needs it. A file that cannot
// be read is an error with its reason, never a crash of the report.
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs"
import { parentPort, workerData } from "node:worker_threads"

import type { FileAnalysis } from "@/lib/fleet/analyse"
import { billAnalysis } from "@/lib/fleet/bill-analysis"
import {
  type BillVerdict,
  BillReader,
  opensAsClaudeCode,
} from "@/lib/fleet/fast-bill"
import type { FleetJob, FleetJobResult } from "@/lib/fleet/jobs"
import type { sessionIdIn } from "@/lib/fleet/layout"
import type { readLog } from "@/lib/fleet/log-reading"
import type { whyNoCalls } from "@/lib/fleet/no-calls"

import { type Lent, readsByLine, REPLAY_MAX_BYTES } from "./file-bytes"
import { posted, type PostedResult } from "./packed-calls"

/** `bill`: the bill alone; the others as the page's workers run them. */
export type WorkerJob = { kind: "bill" } | FleetJob

/** `lent`: the file read by the main thread (file-bytes.ts); its memory goes back with the answer, as `bytes`. */
export interface WorkerRequest {
  id: number
  path: string
  job: WorkerJob
  lent?: Lent | null
}

export type WorkerReply =
  | { id: number; result: PostedResult; bytes?: ArrayBuffer }
  | { id: number; error: string; bytes?: ArrayBuffer }
  | { ready: true }

const MB = 1024 * 1024
/** The importer's own limit for anything that is not a Claude Code log (lib/import/bounds.ts). */
const GENERAL_MAX_BYTES = 20 * MB
const CHUNK = MB

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`

/** Streams a file through the bill reader, a chunk at a time. */
function streamBill(path: string): BillVerdict {
  const reader = new BillReader()
  const buf = Buffer.allocUnsafe(CHUNK)
  const fd = openSync(path, "r")
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, null)
      if (n === 0 || !reader.push(buf.subarray(0, n))) break
    }
  } finally {
    closeSync(fd)
  }
  return reader.end()
}

/** What a bill reading says beyond the calls. */
function billNotes(v: Extract<BillVerdict, { kind: "bill" }>): string[] {
  const out: string[] = []
  if (v.longLines > 0)
    out.push(`${v.longLines} line(s) over 64 MB skipped unread`)
  if (v.badLines > 0)
    out.push(
      `${v.badLines} line(s) with usage that are not JSON entries skipped`
    )
  return out
}

const notClaudeCode = (size: number) =>
  `not a Claude Code log, and at ${mb(size)} over the ${mb(GENERAL_MAX_BYTES)} other formats may have`

/** What reading a file of another format calls (the bill's threads load it only for such a file). */
interface OtherModules {
  readLog: typeof readLog
  sessionIdIn: typeof sessionIdIn
  whyNoCalls: typeof whyNoCalls
}

async function loadOtherModules(): Promise<OtherModules> {
  const [r, l, n] = await Promise.all([
    import("@/lib/fleet/log-reading"),
    import("@/lib/fleet/layout"),
    import("@/lib/fleet/no-calls"),
  ])
  return {
    readLog: r.readLog,
    sessionIdIn: l.sessionIdIn,
    whyNoCalls: n.whyNoCalls,
  }
}

/** Any other format, read whole by the importer (every format parseImport knows). */
function otherFormat(
  m: OtherModules,
  path: string,
  size: number
): FileAnalysis {
  if (size > GENERAL_MAX_BYTES) throw new Error(notClaudeCode(size))
  const text = readFileSync(path, "utf8")
  const log = m.readLog(text)
  // As the full analysis does: a row that says why (analyse.ts).
  if ("error" in log)
    return billAnalysis(
      [],
      m.sessionIdIn(text),
      text.length,
      [],
      m.whyNoCalls(text, 0, log.error)
    )
  return billAnalysis(log.calls, m.sessionIdIn(text), text.length)
}

/** The bill of a streamed Claude Code log (null: another format). */
function streamedBill(path: string, why: string[]): FileAnalysis | null {
  const v = streamBill(path)
  if (v.kind === "other") return null
  return billAnalysis(v.calls, v.sessionId, v.bytes, [...why, ...billNotes(v)])
}

/** The bill alone: streamed when it is a Claude Code log, else the general reading. */
async function bill(path: string, size: number): Promise<FileAnalysis> {
  return (
    streamedBill(path, []) ?? otherFormat(await loadOtherModules(), path, size)
  )
}

let engineReady: Promise<void> | null = null

/**
 * The engine's extensions (the PDF reader and the input_schema validator),
 * installed as Node's `lib/extensions/auto.ts` does, with the schema check
 * remembered by the schema's JSON (schema-memo.ts).
 */
function extensionsInstalled(): Promise<void> {
  engineReady ??= (async () => {
    const { installAllExtensions } = await import("@/lib/extensions/all")
    const { extensions, installExtensions } =
      await import("@/lib/extensions/registry")
    const { rememberedBySchema } = await import("./schema-memo")
    installAllExtensions()
    const check = extensions.inputSchemaProblem
    if (check)
      installExtensions({ inputSchemaProblem: rememberedBySchema(check) })
  })()
  return engineReady
}

async function run(
  path: string,
  job: WorkerJob,
  lent?: Lent | null
): Promise<FleetJobResult> {
  if (job.kind === "bill") {
    const size = lent ? lent.bytes.length : statSync(path).size
    return { kind: "analyse", analysis: await bill(path, size) }
  }
  return replayFile(await replayModules(), path, job, lent)
}

/**
 * A replay's or the tuner's job on one file, its modules loaded
 * (`replayModules`): synchronous, so the command's own thread can run it
 * under a time limit (here.ts).
 */
export function replayFile(
  m: ReplayModules,
  path: string,
  job: FleetJob,
  lent?: Lent | null
): FleetJobResult {
  const size = lent ? lent.bytes.length : statSync(path).size
  if (size > REPLAY_MAX_BYTES) {
    if (job.kind === "tune")
      throw new Error(`not tuned: over ${mb(REPLAY_MAX_BYTES)}`)
    const why = `not replayed: at ${mb(size)} over the ${mb(REPLAY_MAX_BYTES)} a replay reads whole; the bill is read`
    const analysis = streamedBill(path, [why]) ?? otherFormat(m, path, size)
    return { kind: "analyse", analysis }
  }
  const buf = lent
    ? Buffer.from(lent.bytes.buffer, lent.bytes.byteOffset, size)
    : readWhole(path, size)
  if (job.kind === "analyse" && (lent ? lent.byLine : readsByLine(buf)))
    return { kind: "analyse", analysis: analyseByLine(m, buf, job) }
  if (size > GENERAL_MAX_BYTES && !opensAsClaudeCode(buf))
    throw new Error(notClaudeCode(size))
  return m.runJob(buf.toString("utf8"), job)
}

/** One buffer per thread, grown as needed: each file is read into it (fresh memory for every file costs page faults). */
let held = Buffer.alloc(0)

/** The file's bytes (a view of the thread's buffer, valid until the next file). */
function readWhole(path: string, size: number): Buffer {
  if (held.length < size)
    held = Buffer.allocUnsafe(
      Math.max(size, Math.min(2 * held.length, REPLAY_MAX_BYTES))
    )
  const fd = openSync(path, "r")
  let n = 0
  try {
    for (let k = -1; k !== 0 && n < size; n += k)
      k = readSync(fd, held, n, size - n, null)
  } finally {
    closeSync(fd)
  }
  return held.subarray(0, n)
}

/**
 * The page's analysis (lib/fleet/analyse.ts) of a Claude Code log decoded
 * a line at a time: the same numbers, without making one string of the
 * file (which costs several times its parse).
 */
function analyseByLine(
  m: ReplayModules,
  buf: Buffer,
  job: Extract<FleetJob, { kind: "analyse" }>
): FileAnalysis {
  const { analyseRead, readClaudeCodeLines, sessionIdIn } = m
  let chars = -1
  function* lines() {
    for (let start = 0; start <= buf.length;) {
      const nl = buf.indexOf(10, start)
      const end = nl === -1 ? buf.length : nl
      const line = buf.toString("utf8", start, end)
      chars += line.length + 1
      yield line
      start = end + 1
    }
  }
  const log = readClaudeCodeLines(lines())
  return analyseRead(
    log,
    {
      sessionId: sessionIdOfHead(buf, sessionIdIn),
      bytes: chars,
      text: () => buf.toString("utf8"),
    },
    job.edits,
    job.options
  )
}

/**
 * `sessionIdIn` of the file's first 64 KB, decoding only from the first
 * "sessionId" key there (the whole 64 KB when a kilobyte from it does not
 * settle it): the same answer without a 64 KB string per file.
 */
export function sessionIdOfHead(
  buf: Buffer,
  sessionIdIn: (text: string) => string | null
): string | null {
  const end = Math.min(buf.length, 65_536)
  const at = buf.subarray(0, end).indexOf('"sessionId"')
  if (at === -1) return null
  const stop = Math.min(end, at + 1024)
  const found = sessionIdIn(buf.toString("utf8", at, stop))
  return found !== null || stop === end
    ? found
    : sessionIdIn(buf.toString("utf8", 0, end))
}

/** An error's reason in a report's words. */
export const reason = (e: unknown): string => {
  const m = e instanceof Error ? e.message : String(e)
  // Node's file errors name the call and path ("EACCES: permission denied, open '…'"): the code's words are enough.
  const code = (e as { code?: unknown }).code
  return typeof code === "string" && m.startsWith(`${code}:`)
    ? m
        .slice(code.length + 1)
        .replace(/, \w+ '.*'$/s, "")
        .trim()
    : m
}

/** Answers the pool's messages in order: `{ id, path, job, bytes }` → `{ id, result }` or `{ id, error }`, the bytes given back. */
export function serve(): void {
  const port = parentPort!
  const answer = async ({
    id,
    path,
    job,
    lent,
  }: WorkerRequest): Promise<WorkerReply> => {
    try {
      return { id, result: posted(await run(path, job, lent)) }
    } catch (e) {
      return { id, error: reason(e) }
    }
  }
  const post = (reply: WorkerReply, lent?: Lent | null) => {
    const back = lent?.bytes.buffer as ArrayBuffer | undefined
    if (back && "id" in reply) reply.bytes = back
    port.postMessage(reply, back ? [back] : [])
  }
  // One file at a time, in the order sent (the pool queues the next one
  // ahead; the thread's read buffer serves one file).
  let queue = Promise.resolve()
  port.on("message", (m: WorkerRequest) => {
    queue = queue.then(async () => {
      const reply = await answer(m)
      try {
        post(reply, m.lent)
      } catch (e) {
        // An answer that cannot be posted is that file's error, never the queue's end.
        post({ id: m.id, error: reason(e) }, m.lent)
      }
    })
  })
  port.postMessage({ ready: true } satisfies WorkerReply)
  // A replay's modules load now, while the main thread lists the files.
  if ((workerData as { engine?: boolean } | null)?.engine)
    // A module that fails to load fails each file with its reason (run).
    queue = queue.then(engineLoaded).catch(() => {})
}

/** Everything a replay of a Claude Code log loads (`run` would load it at the first file). */
async function engineLoaded(): Promise<void> {
  await replayModules()
}

/**
 * What a replay calls (a Claude Code log's, another format's, the
 * tuner's), loaded with the engine's extensions installed (together: one
 * module's file is read while another compiles).
 */
async function loadReplayModules() {
  const [, a, r, l, other, j] = await Promise.all([
    extensionsInstalled(),
    import("@/lib/fleet/analyse"),
    import("@/lib/fleet/log-reading"),
    import("@/lib/fleet/layout"),
    loadOtherModules(),
    import("@/lib/fleet/jobs"),
  ])
  return {
    ...other,
    analyseRead: a.analyseRead,
    readClaudeCodeLines: r.readClaudeCodeLines,
    sessionIdIn: l.sessionIdIn,
    runJob: j.runJob,
  }
}

export type ReplayModules = Awaited<ReturnType<typeof loadReplayModules>>

let replayReady: Promise<ReplayModules> | null = null

/** The replay's modules, loaded once: every later file awaits the same promise, not several imports. */
export function replayModules(): Promise<ReplayModules> {
  replayReady ??= loadReplayModules()
  return replayReady
}
