/** The arguments of `npm run report` (scripts/report/main.ts), parsed without side effects. */

export interface ReportArgs {
  /** The folder; null: `~/.claude/projects`. */
  dir: string | null
  /** A config file's path or a permalink, as given. */
  config: string | null
  json: boolean
  tune: boolean
  /** Worker threads; null: one per core. */
  workers: number | null
  /** Rows per table. */
  top: number
  help: boolean
}

export const REPORT_USAGE = `Usage: npm run report -- [dir] [options]

  dir                  a folder of Claude Code logs (default ~/.claude/projects)
  --config <x>         replay every session with this config: a JSON file (an edits
                       array, {"edits": [...]}, or a request with context_management)
                       or a playground permalink (…#v2.…) or folder summary link
  --json               print the report as JSON (sessions, total, tune)
  --no-tune            skip "tune across sessions"
  --workers <n>        worker threads (default: one per core)
  --top <n>            rows per table (default 10)
  -h, --help           this text

Everything runs on this machine; no log leaves it.`

/** Parses argv (after the script name); an error message for bad input. */
export function parseReportArgs(
  argv: readonly string[]
): ReportArgs | { error: string } {
  const out: ReportArgs = {
    dir: null,
    config: null,
    json: false,
    tune: true,
    workers: null,
    top: 10,
    help: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const value = () => {
      const v = argv[++i]
      if (v === undefined) throw new Error(`${a} needs a value`)
      return v
    }
    const count = (name: string) => {
      const n = Number(value())
      if (!Number.isInteger(n) || n < 1)
        throw new Error(`${name} takes a whole number ≥ 1`)
      return n
    }
    try {
      if (a === "--config") out.config = value()
      else if (a.startsWith("--config=")) out.config = a.slice(9)
      else if (a === "--json") out.json = true
      else if (a === "--no-tune") out.tune = false
      else if (a === "--tune") out.tune = true
      else if (a === "--workers") out.workers = count("--workers")
      else if (a === "--top") out.top = count("--top")
      else if (a === "-h" || a === "--help") out.help = true
      else if (a.startsWith("-"))
        return { error: `Unknown option ${a}\n\n${REPORT_USAGE}` }
      else if (out.dir === null) out.dir = a
      else return { error: `One folder at a time (got ${out.dir} and ${a})` }
    } catch (e) {
      return { error: (e as Error).message }
    }
  }
  return out
}
