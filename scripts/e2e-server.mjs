// Builds the app (unless E2E_SKIP_BUILD=1) and serves it with `next start` on
// 127.0.0.1, as one process tree that Playwright's webServer can stop.
import { spawn, spawnSync } from "node:child_process"

const portArg = process.argv.indexOf("--port")
const port = portArg > 0 ? process.argv[portArg + 1] : "3100"
const next = "node_modules/next/dist/bin/next"

if (process.env.E2E_SKIP_BUILD !== "1") {
  const build = spawnSync(process.execPath, [next, "build"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: process.env,
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = spawn(
  process.execPath,
  [next, "start", "-H", "127.0.0.1", "-p", port],
  {
    stdio: ["ignore", "inherit", "inherit"],
    env: process.env,
  }
)
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal))
}
server.on("exit", (code) => process.exit(code ?? 0))
