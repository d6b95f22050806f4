// The entry of a worker thread of `npm run report` (bundled as worker.mjs
// by bundle.mjs): answers the pool's files (worker-job.ts).
import { serve } from "./worker-job"

serve()
