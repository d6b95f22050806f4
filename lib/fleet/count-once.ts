/**
 * A folder counts each API call once, whichever files hold it, as ccusage
 * does: Claude Code copies the calls a resumed session resumes into the new
 * session's file, and a log cut from a longer one repeats its calls. A call
 * is known across files by its `message.id` and `requestId` together (a
 * call without both is never merged); the first file in path order keeps
 * it, every later file drops it from its bill, its replay and its what-if,
 * and says where it is counted.
 */
import type { FileAnalysis, FileCall } from "./analyse"
import { bucketsOf } from "./bill-analysis"
import type { FileResult } from "./report"

const sum = (calls: readonly FileCall[], f: (c: FileCall) => number) =>
  calls.reduce((s, c) => s + f(c), 0)

const plural = (n: number, one: string) =>
  `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`

/** The analysis without the calls at `dropped` (indices), counted in `where`. */
export function withoutCalls(
  a: FileAnalysis,
  dropped: ReadonlySet<number>,
  where: string
): FileAnalysis {
  const kept = a.calls.filter((_, i) => !dropped.has(i))
  const gone = a.calls.filter((_, i) => dropped.has(i))
  const said = `${plural(gone.length, "API call")} also in ${where}, counted there (a resumed session copies the calls it resumes)`
  if (kept.length === 0)
    return { ...a, requests: 0, calls: [], buckets: [], top: [], noCalls: said }
  const replay = a.replay && {
    ...a.replay,
    dollars: a.replay.dollars - sum(gone, (c) => c.replay),
  }
  const config = a.config && {
    ...a.config,
    dollars: a.config.dollars - sum(gone, (c) => c.config),
  }
  if (config && replay && a.config?.bill !== undefined) {
    const logged = sum(kept, (c) => c.call.inputDollars)
    const whatIf = config.dollars + (config.refetch ?? 0)
    config.bill =
      replay.dollars > 0 ? (whatIf * logged) / replay.dollars : whatIf
  }
  return {
    ...a,
    requests: kept.length,
    calls: kept,
    buckets: bucketsOf(kept.map((c) => c.call)),
    top: a.top.filter((t) => !dropped.has(t.call - 1)),
    replay,
    config,
    notes: [...a.notes, said],
  }
}

/** The files with every call counted once (see the file comment); the same order. */
export function countOnce(files: readonly FileResult[]): FileResult[] {
  const owner = new Map<string, string>()
  const byPath = [...files].sort((x, y) =>
    x.path < y.path ? -1 : x.path > y.path ? 1 : 0
  )
  const out = new Map<FileResult, FileResult>()
  for (const f of byPath) {
    const dropped = new Set<number>()
    let where = ""
    f.analysis.calls.forEach(({ call }, i) => {
      if (call.key === null) return
      const first = owner.get(call.key)
      if (first === undefined) owner.set(call.key, f.path)
      else if (first !== f.path) {
        dropped.add(i)
        where ||= first
      }
    })
    out.set(
      f,
      dropped.size === 0
        ? f
        : { ...f, analysis: withoutCalls(f.analysis, dropped, where) }
    )
  }
  return files.map((f) => out.get(f)!)
}
