// Builds the app (unless E2E_SKIP_BUILD=1) and serves it with the production
// entry (`server.mjs`, as `npm start` does) on 127.0.0.1, as one process
// tree that Playwright's webServer can stop.
import { spawn, spawnSync } from "node:child_process"
import { createWriteStream, mkdirSync, rmSync } from "node:fs"
import { dirname } from "node:path"

const portArg = process.argv.indexOf("--port")
const port = portArg > 0 ? process.argv[portArg + 1] : "3100"
const next = "node_modules/next/dist/bin/next"

// Each e2e run starts with an empty short-link database (content-addressed ids
// would otherwise find the links of an earlier run, without their tokens).
const dbUrl = process.env.SHARE_DATABASE_URL ?? ""
if (dbUrl.startsWith("file:")) {
  const file = dbUrl.slice("file:".length)
  for (const suffix of ["", "-wal", "-shm", "-journal"]) {
    rmSync(file + suffix, { force: true })
  }
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  const build = spawnSync(process.execPath, [next, "build"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: process.env,
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = spawn(
  process.execPath,
  ["server.mjs", "-H", "127.0.0.1", "--port", port],
  { stdio: ["ignore", "pipe", "pipe"], env: process.env }
)

// Tee the server's output to a file, so tests can check it never prints a secret.
const logFile = process.env.E2E_SERVER_LOG
if (logFile) mkdirSync(dirname(logFile), { recursive: true })
const log = logFile ? createWriteStream(logFile, { flags: "w" }) : null
for (const [from, to] of [
  [server.stdout, process.stdout],
  [server.stderr, process.stderr],
]) {
  from.on("data", (chunk) => {
    to.write(chunk)
    log?.write(chunk)
  })
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal))
}
server.on("exit", (code) => process.exit(code ?? 0))
