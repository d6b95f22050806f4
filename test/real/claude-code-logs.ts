/**
 * The public Claude Code logs of test/real/claude-code/ (provenance in
 * sources.json), read once for the tests that replay them.
 */
import { readFileSync } from "node:fs"

import { parseImport } from "@/lib/import"

const DIR = new URL("./claude-code/", import.meta.url)

/** One log: its file name, text and what sources.json says of it. */
export interface PublicLog {
  file: string
  text: string
  what: string
  /** Calls a resumed session copied in at one moment: their times are lost. */
  timesLost: boolean
}

const sources = JSON.parse(
  readFileSync(new URL("sources.json", DIR), "utf8")
) as { logs: Array<{ file: string; what: string; timesLost?: boolean }> }

export const LOGS: PublicLog[] = sources.logs.map((l) => ({
  file: l.file,
  what: l.what,
  timesLost: l.timesLost === true,
  text: readFileSync(new URL(l.file, DIR), "utf8"),
}))

/** A log imported: its request and the real usage of every call. */
export function importedLog(text: string) {
  const r = parseImport(text)
  if (!r.success || !r.realUsage) throw new Error("log did not import")
  return { data: r.data as Record<string, unknown>, usage: r.realUsage }
}
