// Server-side storage for short links, through @libsql/client: a local
// SQLite file by default (`file:./data/share.db`), or a libsql/sqld server
// when SHARE_DATABASE_URL points at one. Imported only by route handlers and
// server components; the client library is loaded with a dynamic import so
// it can never end up in a browser bundle.

import type { Client } from "@libsql/client"

/** Default database location, relative to the server's working directory. */
export const DEFAULT_SHARE_DATABASE_URL = "file:./data/share.db"

/** The one table; `CREATE TABLE IF NOT EXISTS` runs on first use. */
export const SHARE_SCHEMA = `CREATE TABLE IF NOT EXISTS share_links (
  id TEXT PRIMARY KEY,        -- prefix of hash (10 chars unless it collided)
  hash TEXT NOT NULL,         -- base32 SHA-256 of the canonical state JSON
  payload TEXT,               -- "v2.…" fragment (older rows "v1.…"); NULL once deleted
  payload_chars INTEGER NOT NULL,
  delete_token_hash TEXT,     -- base32 SHA-256 of the creator's token; NULL once deleted
  created_at INTEGER NOT NULL, -- ms since epoch, passed in by the caller
  deleted_at INTEGER          -- ms since epoch; set => GET answers 410 and the id is never reused
)`

/** What `put` did: `created` is true only for the request that stored the row. */
export interface PutResult {
  id: string
  created: boolean
}

/** A stored link as `get` sees it. */
export type GetResult =
  | { status: "found"; payload: string; createdAt: number }
  | { status: "deleted" }
  | { status: "missing" }

/** Outcome of `remove`. */
export type RemoveResult = "deleted" | "forbidden" | "missing" | "gone"

/** Short-link storage; every timestamp and token hash is passed in. */
export interface ShareStore {
  /**
   * Stores a payload under the first free candidate id (see `idCandidates`);
   * a live row with the same hash is returned as is, a deleted one skipped.
   */
  put(input: {
    ids: string[]
    hash: string
    payload: string
    deleteTokenHash: string
    now: number
  }): Promise<PutResult>
  /** Reads one link. */
  get(id: string): Promise<GetResult>
  /** Deletes a link if `deleteTokenHash` matches the creator's. */
  remove(
    id: string,
    deleteTokenHash: string,
    now: number
  ): Promise<RemoveResult>
  /** Closes the underlying connection(s). */
  close(): void
}

async function openClient(url: string): Promise<Client> {
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length).split("?")[0] ?? ""
    if (path && !path.includes(":memory:")) {
      const [{ mkdir }, { dirname }] = await Promise.all([
        import("node:fs/promises"),
        import("node:path"),
      ])
      await mkdir(dirname(path.replace(/^\/\/(localhost)?/, "")), {
        recursive: true,
      })
    }
  }
  const { createClient } = await import("@libsql/client")
  // `timeout` is SQLite's busy timeout: several server processes may share
  // one file, and a writer should wait for a lock rather than fail.
  const client = createClient({ url, timeout: 5000 })
  if (url.startsWith("file:")) {
    await client.execute("PRAGMA journal_mode = WAL")
  }
  await client.execute(SHARE_SCHEMA)
  return client
}

// Constant-time comparison of two equal-length hex/base32 strings, so a
// wrong token's timing says nothing about how many characters were right.
function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/**
 * Decides which candidate id stores the payload: the first one inserted, or
 * one already holding the same live content; tombstoned ids are skipped.
 */
async function putUnderFreeId(
  client: Client,
  { ids, hash, payload, deleteTokenHash, now }: Parameters<ShareStore["put"]>[0]
): Promise<PutResult> {
  for (const id of ids) {
    // ON CONFLICT DO NOTHING makes concurrent identical POSTs safe: exactly
    // one of them sees rowsAffected = 1 and becomes the creator.
    const inserted = await client.execute({
      sql: `INSERT INTO share_links (id, hash, payload, payload_chars, delete_token_hash, created_at)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
      args: [id, hash, payload, payload.length, deleteTokenHash, now],
    })
    if (inserted.rowsAffected === 1) return { id, created: true }
    const existing = await client.execute({
      sql: "SELECT hash, deleted_at FROM share_links WHERE id = ?",
      args: [id],
    })
    const row = existing.rows[0]
    if (!row || row.hash !== hash) continue // taken by other content
    if (row.deleted_at === null) return { id, created: false }
    // A deleted id is a tombstone: it is never issued again, not even
    // for the same content, so a link its creator deleted stays dead
    // (410) and nobody else gets a delete token for it. The state gets
    // the next free candidate id instead.
  }
  throw new Error("Every candidate short-link id is taken")
}

/** Decides whether the token may delete the link, and tombstones it if so. */
async function removeWithToken(
  client: Client,
  id: string,
  deleteTokenHash: string,
  now: number
): Promise<RemoveResult> {
  const result = await client.execute({
    sql: "SELECT delete_token_hash, deleted_at FROM share_links WHERE id = ?",
    args: [id],
  })
  const row = result.rows[0]
  if (!row) return "missing"
  if (row.deleted_at !== null) return "gone"
  const stored = row.delete_token_hash
  if (typeof stored !== "string" || !sameHash(stored, deleteTokenHash)) {
    return "forbidden"
  }
  const updated = await client.execute({
    sql: `UPDATE share_links SET payload = NULL, delete_token_hash = NULL, deleted_at = ?
              WHERE id = ? AND delete_token_hash = ? AND deleted_at IS NULL`,
    args: [now, id, stored],
  })
  return updated.rowsAffected === 1 ? "deleted" : "gone"
}

/** Opens (lazily, on first call) a store for a libsql URL. */
export function createShareStore(url: string): ShareStore {
  let ready: Promise<Client> | undefined
  const db = () => {
    ready ??= openClient(url).catch((error: unknown) => {
      ready = undefined // let the next request retry, e.g. after a disk fills up
      throw error
    })
    return ready
  }

  return {
    async put(input) {
      return putUnderFreeId(await db(), input)
    },

    async get(id) {
      const client = await db()
      const result = await client.execute({
        sql: "SELECT payload, created_at, deleted_at FROM share_links WHERE id = ?",
        args: [id],
      })
      const row = result.rows[0]
      if (!row) return { status: "missing" }
      if (row.deleted_at !== null || typeof row.payload !== "string") {
        return { status: "deleted" }
      }
      return {
        status: "found",
        payload: row.payload,
        createdAt: Number(row.created_at),
      }
    },

    async remove(id, deleteTokenHash, now) {
      return removeWithToken(await db(), id, deleteTokenHash, now)
    },

    close() {
      void ready?.then((client) => client.close()).catch(() => undefined)
    },
  }
}

const stores = new Map<string, ShareStore>()

/** The process-wide store for `SHARE_DATABASE_URL` (default `file:./data/share.db`). */
export function getShareStore(
  url: string = process.env.SHARE_DATABASE_URL || DEFAULT_SHARE_DATABASE_URL
): ShareStore {
  let store = stores.get(url)
  if (!store) {
    store = createShareStore(url)
    stores.set(url, store)
  }
  return store
}
