// `npm run report -- [dir] [--config <file or permalink>] [--json] …`: the
// folder view of the playground in the terminal (README, "All your sessions
// in the terminal"). The work is in scripts/report/main.ts.
import { loadTs } from "./report/load-ts.mjs"

const { main } = await loadTs("./main.ts")
process.exitCode = await main(process.argv.slice(2))
