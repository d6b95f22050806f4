// A worker thread of `npm run report`: reads one log file at a time and runs
// the same job the page's Web Workers run (lib/fleet/jobs.ts).
import { readFile } from "node:fs/promises"
import { parentPort } from "node:worker_threads"

import { loadTs } from "./load-ts.mjs"

const { runJob } = await loadTs("@/lib/fleet/jobs")

parentPort.on("message", async ({ id, path, job }) => {
  try {
    const text = await readFile(path, "utf8")
    parentPort.postMessage({ id, result: runJob(text, job) })
  } catch (error) {
    parentPort.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    })
  }
})
parentPort.postMessage({ ready: true })
