/** The arguments of `npm run report` (scripts/report/main.ts), parsed with commander, without side effects. */
import { Command, CommanderError, InvalidArgumentError } from "commander"

export interface ReportArgs {
  /** The folder; null: CLAUDE_CONFIG_DIR's, else the default folders (log-folders.ts). */
  dir: string | null
  /** A config file's path or a permalink, as given. */
  config: string | null
  json: boolean
  tune: boolean
  /** false: the bill alone, no replay (nor what-if, nor tune). */
  replay: boolean
  /** First and last UTC day counted (YYYY-MM-DD); null: no bound. */
  since: string | null
  until: string | null
  /** Worker threads; null: the default (scripts/report/main.ts). */
  workers: number | null
  /** Rows per table. */
  top: number
  /** Seconds one file may take before it is given up (a row with the reason). */
  fileTimeout: number
  /** Read the generated example folder (lib/generate/claude-code-log/example.ts), not the user's logs. */
  example: boolean
  help: boolean
}

export const REPORT_USAGE = `Usage: npm run report -- [dir] [options]

  dir                  a folder of Claude Code logs (default: every folder
                       CLAUDE_CONFIG_DIR names, comma-separated, each's projects/;
                       else ~/.config/claude/projects and ~/.claude/projects)
  --config <x>         replay every session with this config: a JSON file (an edits
                       array, {"edits": [...]}, or a request with context_management)
                       or a playground permalink (…#v2.…) or folder summary link
  --json               print the report as JSON (sessions, total, tune), nothing else
                       on stdout
  --no-replay          the bill alone (as logged, per project, day, model and
                       session): no replay, what-if or tune; the fastest
  --no-tune            skip "tune across sessions"
  --since <day>        count calls from this UTC day on (YYYY-MM-DD or YYYYMMDD)
  --until <day>        count calls up to this UTC day
  --workers <n>        worker threads (default: one per core; one fewer
                       to replay, leaving a core to garbage collection;
                       on two cores the replay runs on the main thread)
  --top <n>            rows per table (default 10)
  --file-timeout <s>   give up a file after this many seconds (default 60)
  --example            read a generated example folder (12 sessions over 3
                       projects, the page's "Try an example folder") instead
                       of your logs: to see what the report says
  -h, --help           this text

Progress and notes go to stderr. Everything runs on this machine; no log leaves it.`

const count = (name: string) => (v: string) => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError(`${name} takes a whole number ≥ 1`)
  return n
}

/** A day as YYYY-MM-DD, from YYYY-MM-DD or YYYYMMDD (as ccusage takes it). */
const day = (name: string) => (v: string) => {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(v.trim())
  const iso = m ? `${m[1]}-${m[2]}-${m[3]}` : ""
  const t = Date.parse(`${iso}T00:00:00Z`)
  if (!m || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== iso)
    throw new InvalidArgumentError(
      `${name} takes a day: YYYY-MM-DD or YYYYMMDD`
    )
  return iso
}

function program(): Command {
  return new Command()
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} })
    .helpOption(false)
    .argument("[dir]")
    .option("--config <x>")
    .option("--json")
    .option("--no-replay")
    .option("--no-tune")
    .option("--tune")
    .option("--since <day>", "", day("--since"))
    .option("--until <day>", "", day("--until"))
    .option("--workers <n>", "", count("--workers"))
    .option("--top <n>", "", count("--top"), 10)
    .option("--file-timeout <s>", "", count("--file-timeout"), 60)
    .option("--example")
    .option("-h, --help")
}

/** Commander's message without its "error: " and "option '--x <n>' argument 'v' is invalid." preamble. */
const message = (e: CommanderError) =>
  e.message
    .replace(/^error: /, "")
    .replace(/^option '[^']*' argument '[^']*' is invalid\. /, "")
    .replace(
      /^unknown option '([^']*)'.*/s,
      `Unknown option $1\n\n${REPORT_USAGE}`
    )
    .replace(/^too many arguments.*/s, "One folder at a time")
    .replace(/^option '(--[\w-]+)[^']*' argument missing$/, "$1 needs a value")

/** Parses argv (after the script name); an error message for bad input. */
export function parseReportArgs(
  argv: readonly string[]
): ReportArgs | { error: string } {
  const p = program()
  try {
    p.parse([...argv], { from: "user" })
  } catch (e) {
    if (e instanceof CommanderError) return { error: message(e) }
    throw e
  }
  const o = p.opts<{
    config?: string
    json?: boolean
    replay: boolean
    tune?: boolean
    since?: string
    until?: string
    workers?: number
    top: number
    fileTimeout: number
    example?: boolean
    help?: boolean
  }>()
  if (o.since && o.until && o.since > o.until)
    return { error: `--since ${o.since} is after --until ${o.until}` }
  if (o.example && p.args.length > 0)
    return {
      error: "--example reads the example folder: name no folder with it",
    }
  return {
    dir: p.args[0] ?? null,
    config: o.config ?? null,
    json: o.json === true,
    tune: o.tune !== false,
    replay: o.replay,
    since: o.since ?? null,
    until: o.until ?? null,
    workers: o.workers ?? null,
    top: o.top,
    fileTimeout: o.fileTimeout,
    example: o.example === true,
    help: o.help === true,
  }
}
