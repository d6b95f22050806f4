// Hostile inputs (untrusted-input issue): each case runs alone in a child
// process, through the function the page runs it with (`simulate` for a
// PDF or a schema, `parseImport` for a paste), with a time limit; prints
// the wall time, the child's peak memory (max RSS) and what it answered.
// Measured, never asserted (the unit tests assert the answers, and guard
// hangs by their time-out only).
// Run: node bench/hostile/run.mjs [name filter]   (BENCH_LIMIT_S, default 60)
import "../lib/register-ts.mjs"

import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../../", import.meta.url))
const LIMIT_S = Number(process.env.BENCH_LIMIT_S ?? 60)
const filter = process.argv[2] ?? ""

if (process.argv[2] === "--case") {
  const { HOSTILE_CASES } = await import("./cases.mjs")
  const c = HOSTILE_CASES.find((x) => x.name === process.argv[3])
  const input = await c.make()
  const start = performance.now()
  const answer = await c.run(input)
  const ms = performance.now() - start
  const rss = process.resourceUsage().maxRSS / 1024
  console.log(JSON.stringify({ ms, rss, answer }))
  process.exit(0)
}

const { HOSTILE_CASES } = await import("./cases.mjs")
console.log(
  `${"case".padEnd(34)} ${"time".padStart(10)} ${"peak RSS".padStart(10)}  answer`
)
for (const c of HOSTILE_CASES) {
  if (!c.name.includes(filter)) continue
  const r = spawnSync(
    process.execPath,
    [
      "--max-old-space-size=4096",
      fileURLToPath(import.meta.url),
      "--case",
      c.name,
    ],
    { cwd: root, encoding: "utf8", timeout: LIMIT_S * 1000 }
  )
  const line = (r.stdout ?? "").trim().split("\n").at(-1) ?? ""
  let out
  try {
    out = JSON.parse(line)
  } catch {
    const why =
      r.error?.code === "ETIMEDOUT"
        ? `> ${LIMIT_S} s (stopped)`
        : `failed: ${(r.stderr ?? "").trim().split("\n").at(-1)}`
    console.log(`${c.name.padEnd(34)} ${why}`)
    continue
  }
  console.log(
    `${c.name.padEnd(34)} ${`${out.ms.toFixed(0)} ms`.padStart(10)} ${`${out.rss.toFixed(0)} MB`.padStart(10)}  ${out.answer}`
  )
}
