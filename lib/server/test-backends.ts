// Helpers for the tests that run on both database backends (not used by the app).

import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll } from "vitest"

import { startPgliteServer } from "@/test/postgres/pglite-server.mjs"

/** PGlite's first start (initdb in WASM) takes 2 s on an idle machine, 20 s on a busy one. */
export const PGLITE_START_MS = 180_000

/** A backend's name and its database URL (once it has started). */
export type Backend = readonly [name: string, url: () => Promise<string>]

/**
 * Both backends a server store runs on, for `describe.each`: a SQLite file
 * at `file` (path parts) in a throwaway folder (default), and Postgres
 * (PGlite over the wire protocol, as `pg` sees a real server). The folder
 * is removed and PGlite stopped after the test file.
 */
export function bothBackends(prefix: string, ...file: string[]): Backend[] {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const postgres = startPgliteServer({ port: 0 })
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true })
    await (await postgres).stop()
  })
  return [
    ["SQLite (libsql file)", async () => `file:${join(dir, ...file)}`],
    ["Postgres", async () => (await postgres).url],
  ]
}
