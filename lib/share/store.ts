// Server-side storage for short links, in the server's one database
// (lib/server/database.ts): a local SQLite file through libsql by default
// (`file:./data/share.db`), or Postgres when SHARE_DATABASE_URL is a
// `postgres://` URL, so every instance sharing it sees the same links and
// tombstones. Imported only by route handlers.

import {
  closeDatabase,
  DEFAULT_DATABASE_URL,
  getDatabase,
  lazyDatabase,
  type Database,
} from "@/lib/server/database"

/** Default database location, relative to the server's working directory. */
export const DEFAULT_SHARE_DATABASE_URL = DEFAULT_DATABASE_URL

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
  client: Database,
  { ids, hash, payload, deleteTokenHash, now }: Parameters<ShareStore["put"]>[0]
): Promise<PutResult> {
  for (const id of ids) {
    // ON CONFLICT DO NOTHING makes concurrent identical POSTs safe: exactly
    // one of them sees rowsAffected = 1 and becomes the creator.
    const inserted = await client.execute(
      `INSERT INTO share_links (id, hash, payload, payload_chars, delete_token_hash, created_at)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
      [id, hash, payload, payload.length, deleteTokenHash, now]
    )
    if (inserted.rowsAffected === 1) return { id, created: true }
    const existing = await client.execute(
      "SELECT hash, deleted_at FROM share_links WHERE id = ?",
      [id]
    )
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
  client: Database,
  id: string,
  deleteTokenHash: string,
  now: number
): Promise<RemoveResult> {
  const result = await client.execute(
    "SELECT delete_token_hash, deleted_at FROM share_links WHERE id = ?",
    [id]
  )
  const row = result.rows[0]
  if (!row) return "missing"
  if (row.deleted_at !== null) return "gone"
  const stored = row.delete_token_hash
  if (typeof stored !== "string" || !sameHash(stored, deleteTokenHash)) {
    return "forbidden"
  }
  const updated = await client.execute(
    `UPDATE share_links SET payload = NULL, delete_token_hash = NULL, deleted_at = ?
              WHERE id = ? AND delete_token_hash = ? AND deleted_at IS NULL`,
    [now, id, stored]
  )
  return updated.rowsAffected === 1 ? "deleted" : "gone"
}

/** A store on a database (opened by the caller, lazily). */
function storeOn(
  db: () => Promise<Database>,
  close: () => Promise<void>
): ShareStore {
  return {
    async put(input) {
      return putUnderFreeId(await db(), input)
    },

    async get(id) {
      const client = await db()
      const result = await client.execute(
        "SELECT payload, created_at, deleted_at FROM share_links WHERE id = ?",
        [id]
      )
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
      void close().catch(() => undefined)
    },
  }
}

/** A store with its own connection to `url` (libsql or Postgres), opened on first use. */
export function createShareStore(url: string): ShareStore {
  const db = lazyDatabase(url)
  return storeOn(db.get, db.close)
}

/**
 * The process-wide store for `SHARE_DATABASE_URL` (default
 * `file:./data/share.db`), on the same connection as the rate limits.
 */
export function getShareStore(
  url: string = process.env.SHARE_DATABASE_URL || DEFAULT_SHARE_DATABASE_URL
): ShareStore {
  return storeOn(
    () => getDatabase(url),
    () => closeDatabase(url)
  )
}
