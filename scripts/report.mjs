#!/usr/bin/env node
// `npm run report -- [dir] [--json] [--no-replay] …` (or the package's
// `claude-sessions-report` command): the folder view of the playground in
// the terminal (README, "All your sessions at once"). The work is in
// scripts/report/main.ts, bundled once by scripts/report/bundle.mjs.
import { setFlagsFromString } from "node:v8"

import { bundleDir, importEntry } from "./report/bundle.mjs"

// Before any thread starts (V8's flags are the process's): on a run of a
// few seconds TurboFan's inlining compiles cost more than they save — a
// fifth of all CPU time, and the replaying thread's own time is no shorter
// with them (lib/fleet/README.md, "What the replaying thread does not have
// to do").
setFlagsFromString("--no-turbo-inlining")

// A reader that stops early (`| head`, `| true`) closes the pipe: the
// report ends there, quietly, as a Unix tool does.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (e) => {
    if (e.code !== "EPIPE") throw e
    process.exit(0)
  })

try {
  const bundle = await bundleDir()
  const argv = process.argv.slice(2)
  // The first thread starts now: its engine loads while the command's own
  // modules load and the files are listed (scripts/report/thread.ts).
  const { startEarly } = await importEntry(bundle, "thread")
  const early = startEarly(bundle, argv)
  const { main } = await importEntry(bundle, "main")
  process.exitCode = await main(argv, bundle, early)
} catch (e) {
  // Not expected (every file's failure is a row): one line, no stack, no control characters.
  const message = e instanceof Error ? e.message : String(e)
  process.stderr.write(
    `npm run report failed: ${message.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")}\n`
  )
  process.exitCode = 1
}
// All is said once the streams have taken the last write: the process
// ends now, its threads with it (the pool's, or the early one when no pool
// adopted it: --help, a bad argument), rather than after they have torn
// down the heaps the replay left (a tenth of a second).
await Promise.all(
  [process.stdout, process.stderr].map(
    (s) => new Promise((r) => s.write("", r))
  )
)
process.exit()
