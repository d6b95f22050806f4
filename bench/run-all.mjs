// `npm run bench`: every benchmark, one after the other (not part of `npm test`:
// timings are measured, printed as ratios against a same-run baseline, never asserted).
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../", import.meta.url))
const only = process.argv.slice(2)
const benches = [
  ["engine", "bench/engine/run.mjs"],
  ["session", "bench/session/run.mjs"],
  ["share", "bench/share/run.mjs"],
  ["import", "bench/import/run.mjs"],
  ["tokens", "bench/tokens/run.mjs"],
  ["import-scaling", "bench/import/scaling.mjs"],
  ["hostile", "bench/hostile/run.mjs"],
  ["page", "bench/page/run.mjs"],
  ["real", "bench/real/run.mjs"],
  ["typing", "bench/typing/run.mjs"],
  ["claude-code-log", "bench/claude-code-log/run.mjs"],
  ["claude-code-log-page", "bench/claude-code-log/page-import.mjs"],
  ["sessions", "bench/sessions/run.mjs"],
  ["report", "bench/report/run.mjs"],
].filter(([name]) => only.length === 0 || only.includes(name))

let failed = 0
for (const [name, script] of benches) {
  console.log(`\n=== bench: ${name} (${script})`)
  const result = spawnSync(process.execPath, [script], {
    cwd: root,
    stdio: "inherit",
  })
  if (result.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
