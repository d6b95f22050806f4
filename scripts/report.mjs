#!/usr/bin/env node
// `npm run report -- [dir] [--json] [--no-replay] …` (or the package's
// `claude-sessions-report` command): the folder view of the playground in
// the terminal (README, "All your sessions at once"). The work is in
// scripts/report/main.ts, bundled once by scripts/report/bundle.mjs.
import { bundleDir, importEntry } from "./report/bundle.mjs"

try {
  const bundle = await bundleDir()
  const { main } = await importEntry(bundle, "main")
  process.exitCode = await main(process.argv.slice(2), bundle)
} catch (e) {
  // Not expected (every file's failure is a row): one line, no stack, no control characters.
  const message = e instanceof Error ? e.message : String(e)
  process.stderr.write(
    `npm run report failed: ${message.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")}\n`
  )
  process.exitCode = 1
}
