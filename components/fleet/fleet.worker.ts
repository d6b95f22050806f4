// A worker of the folder view's pool: reads one log file at a time (the
// File handle is posted, the text never crosses to the page) and runs the
// same job the terminal's worker threads run (lib/fleet/jobs.ts), or
// imports one log for the playground ("Open").
import { runJob, type FleetJob } from "@/lib/fleet/jobs"
import { readLog } from "@/lib/fleet/log-reading"

export type FleetWorkerRequest =
  | { kind: "job"; id: number; file: File; job: FleetJob }
  | { kind: "open"; id: number; file: File }

self.onmessage = async (e: MessageEvent<FleetWorkerRequest>) => {
  const m = e.data
  try {
    const t0 = performance.now()
    const text = await m.file.text()
    if (m.kind === "job") {
      const t1 = performance.now()
      const result = runJob(text, m.job)
      const t2 = performance.now()
      self.postMessage({
        id: m.id,
        result,
        size: m.file.size,
        readMs: t1 - t0,
        workMs: t2 - t1,
      })
      return
    }
    const log = readLog(text)
    self.postMessage(
      "error" in log
        ? { id: m.id, error: log.error }
        : { id: m.id, open: { request: log.request, realUsage: log.usage } }
    )
  } catch (err) {
    self.postMessage({
      id: m.id,
      error: err instanceof Error ? err.message : String(err),
    })
  }
}
