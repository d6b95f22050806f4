// The server's one database, shared by every instance that points at the
// same SHARE_DATABASE_URL: short links and rate-limit buckets. Two backends
// behind one small interface: an embedded SQLite file through libsql (the
// default, `file:./data/share.db`, or a libsql/sqld server) and Postgres
// through node-postgres when the URL is `postgres://` / `postgresql://`.
// Server-only; both clients are loaded with dynamic imports so neither can
// end up in a browser bundle.

/** Default database location, relative to the server's working directory. */
export const DEFAULT_DATABASE_URL = "file:./data/share.db"

/** A value a statement takes or returns. */
export type SqlValue = string | number | null

/** What a statement returns: its rows (column → value) and how many it changed. */
export interface SqlResult {
  rows: Record<string, unknown>[]
  rowsAffected: number
}

/**
 * One connection (libsql) or pool (Postgres). Statements use `?`
 * placeholders and the SQL both dialects accept (`ON CONFLICT … DO`,
 * `RETURNING`, `CASE`, `CAST(… AS DOUBLE PRECISION)`).
 */
export interface Database {
  readonly kind: "sqlite" | "postgres"
  execute(sql: string, args?: SqlValue[]): Promise<SqlResult>
  close(): Promise<void>
}

/** Every table, created on first use (`IF NOT EXISTS`, same text for both backends). */
export const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS share_links (
  id TEXT PRIMARY KEY,        -- prefix of hash (10 chars unless it collided)
  hash TEXT NOT NULL,         -- base32 SHA-256 of the canonical state JSON
  payload TEXT,               -- "v2.…" fragment (older rows "v1.…"); NULL once deleted
  payload_chars BIGINT NOT NULL,
  delete_token_hash TEXT,     -- base32 SHA-256 of the creator's token; NULL once deleted
  created_at BIGINT NOT NULL, -- ms since epoch, passed in by the caller
  deleted_at BIGINT           -- ms since epoch; set => GET answers 410 and the id is never reused
)`,
  `CREATE TABLE IF NOT EXISTS rate_buckets (
  bucket TEXT PRIMARY KEY,    -- "<limit name>|<client>"
  tokens DOUBLE PRECISION NOT NULL, -- requests left (refilled lazily)
  at BIGINT NOT NULL          -- ms since epoch of the last refill
)`,
]

/** Whether a URL names a Postgres server (anything else goes to libsql). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(url)
}

/** `?` placeholders → `$1, $2…` (our statements hold no `?` inside strings). */
export function toPostgresPlaceholders(sql: string): string {
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

async function openLibsql(url: string): Promise<Database> {
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
  if (url.startsWith("file:")) await client.execute("PRAGMA journal_mode = WAL")
  return {
    kind: "sqlite",
    async execute(sql, args = []) {
      const result = await client.execute({ sql, args })
      return {
        rows: result.rows as unknown as Record<string, unknown>[],
        rowsAffected: result.rowsAffected,
      }
    },
    async close() {
      client.close()
    },
  }
}

/** Connections per instance (`SHARE_DATABASE_POOL_MAX`, default 10). */
function poolMax(env: Record<string, string | undefined>): number {
  const n = Number(env.SHARE_DATABASE_POOL_MAX)
  return Number.isInteger(n) && n > 0 ? n : 10
}

async function openPostgres(
  url: string,
  env: Record<string, string | undefined>
): Promise<Database> {
  const { default: pg } = await import("pg")
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax(env),
    connectionTimeoutMillis: 10_000,
  })
  // An idle client that loses its server must not crash the process; the
  // next query gets a fresh connection.
  pool.on("error", (error) => console.error("database: idle client", error))
  return {
    kind: "postgres",
    async execute(sql, args = []) {
      const result = await pool.query(toPostgresPlaceholders(sql), args)
      return {
        rows: result.rows as Record<string, unknown>[],
        rowsAffected: result.rowCount ?? 0,
      }
    },
    close: () => pool.end(),
  }
}

/**
 * Creates the tables. Two instances starting together may race on
 * Postgres's catalog (`CREATE TABLE IF NOT EXISTS` is not atomic there):
 * the loser's error is retried once, when the table then exists.
 */
async function createSchema(db: Database) {
  for (const statement of SCHEMA) {
    try {
      await db.execute(statement)
    } catch {
      await db.execute(statement)
    }
  }
}

/** Opens a database for a URL and creates the schema. */
export async function openDatabase(
  url: string,
  env: Record<string, string | undefined> = process.env
): Promise<Database> {
  const db = isPostgresUrl(url)
    ? await openPostgres(url, env)
    : await openLibsql(url)
  await createSchema(db)
  return db
}

/**
 * A lazily opened database: the first call opens it, a failed open is
 * retried on the next call (e.g. after the disk or the server is back).
 */
export function lazyDatabase(url: string): {
  get(): Promise<Database>
  close(): Promise<void>
} {
  let ready: Promise<Database> | undefined
  return {
    get() {
      ready ??= openDatabase(url).catch((error: unknown) => {
        ready = undefined
        throw error
      })
      return ready
    },
    async close() {
      const opened = ready
      ready = undefined
      await opened?.then((db) => db.close()).catch(() => undefined)
    },
  }
}

const databases = new Map<string, ReturnType<typeof lazyDatabase>>()

/** The URL this process uses (`SHARE_DATABASE_URL`, default a local file). */
export function databaseUrl(
  env: Record<string, string | undefined> = process.env
): string {
  return env.SHARE_DATABASE_URL || DEFAULT_DATABASE_URL
}

/** The process-wide database for `url` (one pool or connection per URL). */
export function getDatabase(url: string = databaseUrl()): Promise<Database> {
  let db = databases.get(url)
  if (!db) {
    db = lazyDatabase(url)
    databases.set(url, db)
  }
  return db.get()
}

/** Closes the process-wide database for `url` (tests). */
export async function closeDatabase(url: string = databaseUrl()) {
  await databases.get(url)?.close()
  databases.delete(url)
}
