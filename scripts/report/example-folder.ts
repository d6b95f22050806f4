// `npm run report -- --example`: the page's example folder (generated
// sessions, lib/generate/claude-code-log/example.ts) written to a temporary
// folder for the report to read like any other, and removed after.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

import {
  EXAMPLE_FOLDER,
  generateLogFolder,
} from "@/lib/generate/claude-code-log"

/** The example folder, written under a new temporary folder; `remove` deletes it. */
export function writeExampleFolder(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "claude-sessions-example-"))
  for (const f of generateLogFolder(EXAMPLE_FOLDER)) {
    const path = join(dir, f.path)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, f.text)
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
