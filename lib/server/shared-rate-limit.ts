// Rate limits every instance shares: token buckets in the database all
// instances point at (SHARE_DATABASE_URL), so two replicas give a client
// one quota, not two. Each take is one atomic statement (an upsert that
// only spends a token when one is there), safe under concurrency on both
// SQLite and Postgres.

import {
  createRateLimiter,
  retryAfterSeconds,
  type RateLimiter,
  type RateLimitPolicy,
} from "@/lib/anthropic/rate-limit"

import { getDatabase, type Database } from "./database"

/** How often (ms) one instance deletes buckets that are full again. */
const PRUNE_EVERY_MS = 60_000

/**
 * The refilled token count of a stored bucket at `excluded.at` (the time
 * passed in), capped at the capacity; time running backwards (clocks of two
 * instances differ) refills nothing. Policy numbers are ours, not input.
 */
function refilledSql(policy: RateLimitPolicy): string {
  const perMs = policy.refillPerSecond / 1000
  const elapsed =
    "(CASE WHEN excluded.at > rate_buckets.at THEN excluded.at - rate_buckets.at ELSE 0 END)"
  const raw = `(rate_buckets.tokens + ${elapsed} * CAST(${perMs} AS DOUBLE PRECISION))`
  return `(CASE WHEN ${raw} > ${policy.capacity} THEN CAST(${policy.capacity} AS DOUBLE PRECISION) ELSE ${raw} END)`
}

/** The upsert that spends one token, returning a row only when it did. */
function takeSql(policy: RateLimitPolicy): string {
  const refilled = refilledSql(policy)
  return `INSERT INTO rate_buckets (bucket, tokens, at) VALUES (?, ?, ?)
ON CONFLICT (bucket) DO UPDATE SET tokens = ${refilled} - 1,
  at = CASE WHEN excluded.at > rate_buckets.at THEN excluded.at ELSE rate_buckets.at END
WHERE ${refilled} >= 1
RETURNING tokens`
}

/** Why a take was refused: how long until the bucket holds a token again. */
async function refusal(
  db: Database,
  bucket: string,
  nowMs: number,
  policy: RateLimitPolicy
) {
  const { rows } = await db.execute(
    "SELECT tokens, at FROM rate_buckets WHERE bucket = ?",
    [bucket]
  )
  const row = rows[0]
  const tokens = row
    ? Math.min(
        policy.capacity,
        Number(row.tokens) +
          (Math.max(0, nowMs - Number(row.at)) * policy.refillPerSecond) / 1000
      )
    : 0
  return {
    allowed: false as const,
    retryAfterSeconds: retryAfterSeconds(tokens, policy),
  }
}

/** `ESCAPE '\'`: in LIKE patterns below, `\%`, `\_` and `\\` are literal. */
const ESCAPE = "ESCAPE '\\'"

/**
 * A limiter name as a LIKE pattern that matches only itself: `_` and `%`
 * are wildcards in LIKE (`count_tokens|%` would also match another
 * limiter's `countXtokens|…` buckets).
 */
export const likeLiteral = (name: string): string =>
  name.replace(/[\\%_]/g, "\\$&")

/**
 * A limiter named `name` (its buckets are `"<name>|<client>"`) on the
 * database from `db` (default: the process-wide one for
 * SHARE_DATABASE_URL). While the database cannot be reached, an in-memory
 * limiter of the same policy answers (logged once per outage), so an
 * outage neither opens the server's key to everyone nor refuses everyone.
 */
export function createSharedRateLimiter(
  name: string,
  policy: RateLimitPolicy,
  db: () => Promise<Database> = () => getDatabase()
): RateLimiter {
  const fallback = createRateLimiter(policy)
  const sql = takeSql(policy)
  const ownBuckets = `${likeLiteral(name)}|%`
  let failing = false
  let prunedAt = 0
  const fullAfterMs = (policy.capacity / policy.refillPerSecond) * 1000

  async function prune(database: Database, nowMs: number) {
    if (nowMs - prunedAt < PRUNE_EVERY_MS) return
    prunedAt = nowMs
    await database.execute(
      `DELETE FROM rate_buckets WHERE bucket LIKE ? ${ESCAPE} AND at < ?`,
      [ownBuckets, Math.floor(nowMs - fullAfterMs)]
    )
  }

  return {
    async take(client, nowMs) {
      const bucket = `${name}|${client}`
      const now = Math.floor(nowMs)
      try {
        const database = await db()
        const taken = await database.execute(sql, [
          bucket,
          policy.capacity - 1,
          now,
        ])
        failing = false
        void prune(database, now).catch(() => undefined)
        if (taken.rows.length > 0) return { allowed: true }
        return await refusal(database, bucket, now, policy)
      } catch (error) {
        if (!failing)
          console.error(`rate limit: database unavailable (${name})`, error)
        failing = true
        return fallback.take(client, nowMs)
      }
    },
    async reset() {
      fallback.reset()
      const database = await db()
      await database.execute(
        `DELETE FROM rate_buckets WHERE bucket LIKE ? ${ESCAPE}`,
        [ownBuckets]
      )
    },
  }
}
