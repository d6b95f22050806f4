// Delete tokens for short links made in this browser, kept in localStorage
// under `cep.share-tokens`. A delete token only lets its holder remove their
// own short link; it is not an API credential. Losing it (another browser, a
// cleared profile) only means that link can no longer be deleted from here.

import { z } from "zod"

import type { SmallStorage } from "../store/browser-storage"

/** The localStorage key. */
export const SHARE_TOKENS_KEY = "cep.share-tokens"

const entrySchema = z.object({
  token: z.string(),
  url: z.string(),
  createdAt: z.number(),
})

/** One short link this browser created. */
export type ShareTokenEntry = z.infer<typeof entrySchema> & { id: string }

/** The subset of Storage these helpers use (so tests can pass a Map-backed fake). */
export type TokenStorage = SmallStorage

function readAll(
  storage: TokenStorage
): Record<string, z.infer<typeof entrySchema>> {
  try {
    const raw = storage.getItem(SHARE_TOKENS_KEY)
    if (!raw) return {}
    const parsed = z.record(z.string(), z.unknown()).safeParse(JSON.parse(raw))
    if (!parsed.success) return {}
    const out: Record<string, z.infer<typeof entrySchema>> = {}
    // Keep the entries that still parse; one bad entry must not lose the rest.
    for (const [id, value] of Object.entries(parsed.data)) {
      const entry = entrySchema.safeParse(value)
      if (entry.success) out[id] = entry.data
    }
    return out
  } catch {
    return {}
  }
}

function writeAll(
  storage: TokenStorage,
  all: Record<string, z.infer<typeof entrySchema>>
) {
  try {
    storage.setItem(SHARE_TOKENS_KEY, JSON.stringify(all))
  } catch {
    // Full or blocked storage: the link still works, it just can't be deleted later.
  }
}

/** All stored short links, newest first. */
export function listShareTokens(storage: TokenStorage): ShareTokenEntry[] {
  return Object.entries(readAll(storage))
    .map(([id, entry]) => ({ id, ...entry }))
    .sort((a, b) => b.createdAt - a.createdAt)
}

/** The token for one id, if this browser created it. */
export function getShareToken(
  storage: TokenStorage,
  id: string
): string | undefined {
  return readAll(storage)[id]?.token
}

/** Remembers a token returned by POST /api/share. */
export function saveShareToken(
  storage: TokenStorage,
  entry: ShareTokenEntry
): void {
  const all = readAll(storage)
  all[entry.id] = {
    token: entry.token,
    url: entry.url,
    createdAt: entry.createdAt,
  }
  writeAll(storage, all)
}

/** Forgets a token (after a delete, or when the server says the link is gone). */
export function forgetShareToken(storage: TokenStorage, id: string): void {
  const all = readAll(storage)
  delete all[id]
  writeAll(storage, all)
}
