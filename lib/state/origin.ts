import type { RequestOrigin, RequestSource } from "./types"

/** The origin after the request was replaced or changed by `source`. */
export function nextOrigin(
  origin: RequestOrigin | null,
  source: RequestSource
): RequestOrigin | null {
  if (source.kind === "autosave") return origin
  if (source.kind !== "edit") return { source, edited: false }
  return origin && !origin.edited ? { ...origin, edited: true } : origin
}

/** A persisted origin, if it has the shape of one (else null). */
export function asOrigin(value: unknown): RequestOrigin | null {
  if (typeof value !== "object" || value === null) return null
  const { source, edited } = value as Record<string, unknown>
  if (typeof source !== "object" || source === null) return null
  const s = source as Record<string, unknown>
  const ok =
    ((s.kind === "preset" || s.kind === "lesson") &&
      typeof s.id === "string" &&
      (s.title === undefined || typeof s.title === "string")) ||
    s.kind === "share" ||
    s.kind === "deep-link" ||
    s.kind === "blank" ||
    (s.kind === "import" && typeof s.summary === "string")
  if (!ok) return null
  if (s.kind === "import" && !isUsageList(s.realUsage)) {
    const { realUsage: _dropped, ...rest } = s
    return { source: rest as RequestOrigin["source"], edited: edited === true }
  }
  return { source: s as RequestOrigin["source"], edited: edited === true }
}

const USAGE_NUMBERS = [
  "messageIndex",
  "input_tokens",
  "cache_creation_input_tokens",
  "cache_read_input_tokens",
  "output_tokens",
] as const

/** A persisted real-usage list, if every entry has the shape of one. */
function isUsageList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (u) =>
        typeof u === "object" &&
        u !== null &&
        typeof (u as Record<string, unknown>).model === "string" &&
        USAGE_NUMBERS.every((k) =>
          Number.isFinite((u as Record<string, unknown>)[k])
        )
    )
  )
}

/** The real per-request usage of the imported log the conversation came from, if any. */
export function originRealUsage(origin: RequestOrigin | null) {
  const s = origin?.source
  return s?.kind === "import" ? (s.realUsage ?? null) : null
}

/**
 * Where the conversation came from, in a few words ("Example: Research agent
 * session", "Shared link"), for the conversation's header; null when it was
 * typed from scratch.
 */
export function originLabel(origin: RequestOrigin | null): string | null {
  if (!origin) return null
  const s = origin.source
  switch (s.kind) {
    case "preset":
      return `Example: ${s.title ?? s.id}`
    case "lesson":
      return `Lesson: ${s.title ?? s.id}`
    case "share":
      return "Shared link"
    case "deep-link":
      return "Request from a link"
    case "blank":
      return "Blank conversation"
    case "import":
      // "Imported Claude Code session: 12 messages, …" → its first part.
      return s.summary.split(":")[0]!.trim() || "Imported"
  }
}

/**
 * The origin as it is saved: the imported conversation's own copy of the
 * log's messages (the replay as run reads it, lib/real-usage) is left out,
 * since the request text holds them already; `restoredOrigin` puts it back.
 */
export function persistedOrigin(
  origin: RequestOrigin | null
): RequestOrigin | null {
  const s = origin?.source
  if (s?.kind !== "import" || !s.realUsage?.[0]?.conversation) return origin
  const [first, ...rest] = s.realUsage
  const { conversation: _kept, ...lean } = first!
  return { ...origin!, source: { ...s, realUsage: [lean, ...rest] } }
}

/** A saved origin with the imported conversation as logged back on its first call (from the restored request). */
export function restoredOrigin(
  origin: RequestOrigin | null,
  request: unknown
): RequestOrigin | null {
  const s = origin?.source
  if (s?.kind !== "import" || !s.realUsage) return origin
  const [first, ...rest] = s.realUsage
  const messages = (request as { messages?: unknown } | null)?.messages
  if (!first?.config || first.conversation || !Array.isArray(messages))
    return origin
  const conversation = {
    ...(first.config as Record<string, unknown>),
    messages,
  } as NonNullable<typeof first.conversation>
  const realUsage = [{ ...first, conversation }, ...rest]
  return { ...origin!, source: { ...s, realUsage } }
}
