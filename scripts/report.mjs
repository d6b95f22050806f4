#!/usr/bin/env node
// `npm run report -- [dir] [--json] [--no-replay] …` (or the package's
// `claude-sessions-report` command): the folder view of the playground in
// the terminal (README, "All your sessions at once"). The work is in
// scripts/report/main.ts, bundled once by scripts/report/bundle.mjs.
import { bundleDir, importEntry } from "./report/bundle.mjs"

const bundle = await bundleDir()
const { main } = await importEntry(bundle, "main")
process.exitCode = await main(process.argv.slice(2), bundle)
