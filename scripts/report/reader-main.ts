// The entry of the thread that reads files ahead for a replay on the
// command's own thread (bundled as reader.mjs by bundle.mjs; read-ahead.ts).
import { isMainThread, parentPort } from "node:worker_threads"

import { readAhead, type ReadAheadPlan } from "./read-ahead"

if (!isMainThread) {
  // One plan; the thread ends when it is read (or the replay stops it).
  parentPort!.once("message", (plan: ReadAheadPlan) => readAhead(plan))
  parentPort!.postMessage({ ready: true })
}
