// `node bench/share/run.mjs` — runs the share benchmark (see share.bench.ts).
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../../", import.meta.url))
const vitest = fileURLToPath(
  new URL("../../node_modules/vitest/vitest.mjs", import.meta.url)
)
const result = spawnSync(
  process.execPath,
  [
    vitest,
    "run",
    "--config",
    "bench/share/vitest.config.mts",
    "--silent=false",
  ],
  { cwd: root, stdio: "inherit" }
)
process.exit(result.status ?? 1)
