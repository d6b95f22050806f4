// The production build on 127.0.0.1 for the browser benchmarks: builds it
// first when there is none (or BENCH_BUILD=1), starts it as `npm start` does
// (server.mjs) and stops it when the process exits.
import { spawn, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

const next = "node_modules/next/dist/bin/next"

/**
 * Starts the server on BENCH_PORT, else on the script's `defaultPort` (each
 * browser benchmark has its own, so two can run at once); `ready()` resolves
 * once it answers.
 */
export function startProductionServer(defaultPort) {
  const port = Number(process.env.BENCH_PORT ?? defaultPort)
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    console.log("building (next build)…")
    const b = spawnSync(process.execPath, [next, "build"], { stdio: "inherit" })
    if (b.status !== 0) process.exit(1)
  }
  const base = `http://127.0.0.1:${port}`
  const server = spawn(
    process.execPath,
    ["server.mjs", "-H", "127.0.0.1", "--port", String(port)],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    }
  )
  const stop = () => server.kill("SIGTERM")
  process.on("exit", stop)
  async function ready() {
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(base)).ok) return
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error("server did not start")
  }
  return { base, stop, ready }
}
