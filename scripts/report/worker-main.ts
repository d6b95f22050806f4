// The entry of a worker thread of `npm run report` (bundled as worker.mjs
// by bundle.mjs): answers the pool's files (worker-job.ts). Shared chunks
// of the bundle may import this module; it serves only in a worker.
import { isMainThread } from "node:worker_threads"

import { serve } from "./worker-job"

if (!isMainThread) serve()
