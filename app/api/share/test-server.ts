// Setup for the share route tests (not used by the app): the routes run
// against a throwaway SQLite file behind one trusted proxy, with a fresh
// creation limit for each test.

import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach } from "vitest"

import { shareCreateLimiter } from "@/lib/share/guard"
import { getShareStore } from "@/lib/share/store"

/** Serves the share routes from a SQLite file at `file` (path parts) in a new folder. */
export function withThrowawayShareStore(prefix: string, ...file: string[]) {
  let dir = ""
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix))
    // The tests play one trusted proxy: X-Forwarded-For names the client.
    process.env.TRUSTED_PROXY_HOPS = "1"
    process.env.SHARE_DATABASE_URL = `file:${join(dir, ...file)}`
  })
  beforeEach(() => shareCreateLimiter.reset())
  afterAll(() => {
    getShareStore().close()
    delete process.env.SHARE_DATABASE_URL
    delete process.env.TRUSTED_PROXY_HOPS
    rmSync(dir, { recursive: true, force: true })
  })
}
