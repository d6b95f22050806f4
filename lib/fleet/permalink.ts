/**
 * A folder summary as a link: `#sessions.v1.<base64url(deflate-raw(JSON))>`,
 * following lib/share's rules (codec.ts): a versioned prefix, fields only
 * appended, a frozen fixture per shipped version (`__fixtures__/`), and a
 * decode that is bounded (the share limits) and never throws.
 *
 * Numbers only, never log content: sessions are "session 1…", projects
 * "project 1…" (no paths, no prompts, no tool output); what stays is each
 * session's tokens and dollars, days, model ids, the config's edits and
 * the tuner's frontier. Dollars travel as whole micro-dollars.
 */
import { base64urlToBytes, bytesToBase64url } from "@/lib/share/base64url"
import { deflateRaw, inflateRawToText } from "@/lib/share/deflate"
import { parseJsonBounded } from "@/lib/share/json-guard"
import { SHARE_LIMITS } from "@/lib/share/limits"

import type { Logged } from "./analyse"
import type { GroupRow, SessionRow } from "./report"
import {
  MISS_KINDS,
  summaryFromWire,
  type Summary,
  type SummaryWire,
} from "./permalink-read"

export type { Summary, SummaryTune } from "./permalink-read"

export const SUMMARY_PREFIX = "sessions.v1."

const micro = (d: number) => Math.round(d * 1e6)

const loggedRow = (l: Logged) => [
  l.input,
  l.cacheWrite5m,
  l.cacheWrite1h,
  l.cacheRead,
  l.output,
  micro(l.inputDollars),
  micro(l.outputDollars),
]

function sessionRow(
  s: SessionRow,
  projects: string[],
  days: string[]
): number[] {
  return [
    projects.indexOf(s.project),
    days.indexOf(s.day),
    s.files,
    s.requests,
    ...loggedRow(s.logged),
    micro(s.replayDollars),
    micro(s.configDollars),
    s.peak,
    s.modelled ? 1 : 0,
    s.unmodelled.length,
    s.misses.count,
    micro(s.misses.dollars),
  ]
}

const groupRow = (g: GroupRow, key: number) => [
  key,
  g.sessions,
  g.requests,
  ...loggedRow(g.logged),
]

/** The wire form (see permalink-read.ts for the reverse). */
export function summaryWire(s: Summary): SummaryWire {
  const r = s.report
  const cost = (l: Logged) => l.inputDollars + l.outputDollars
  const projects = [...r.byProject]
    .sort((a, b) => cost(b.logged) - cost(a.logged))
    .map((p) => p.key)
  const days = [
    ...new Set([...r.byDay.map((d) => d.key), ...r.sessions.map((x) => x.day)]),
  ].sort()
  const models = r.byModel.map((m) => m.key)
  const index = new Map(r.sessions.map((x, i) => [x.file, i]))
  return {
    edits: s.edits,
    ...(s.assumptions ? { assumptions: s.assumptions } : {}),
    days,
    models,
    s: r.sessions.map((x) => sessionRow(x, projects, days)),
    d: r.byDay.map((g) => groupRow(g, days.indexOf(g.key))),
    m: r.byModel.map((g, i) => groupRow(g, i)),
    t: r.topTurns.map((t) => [
      index.get(t.file) ?? -1,
      t.call,
      models.indexOf(t.model),
      t.timestamp ? Date.parse(t.timestamp) : -1,
      t.prompt,
      t.output,
      micro(t.dollars),
    ]),
    c: MISS_KINDS.flatMap((k, i) => {
      const b = r.total.misses.byCause[k]
      return b ? [[i, b.count, micro(b.dollars)]] : []
    }),
    ...(s.tune ? { tune: s.tune } : {}),
  }
}

/** Encodes a summary as `sessions.v1.…` (no `#`). */
export async function encodeSummary(s: Summary): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(summaryWire(s)))
  return SUMMARY_PREFIX + bytesToBase64url(await deflateRaw(bytes))
}

export type DecodeSummaryResult =
  { success: true; data: Summary } | { success: false; error: string }

const DAMAGED =
  "This summary link is truncated or damaged. Ask for the full link again."

/** Decodes `sessions.v1.…` (with or without `#`); never throws. */
export async function decodeSummary(
  fragment: string
): Promise<DecodeSummaryResult> {
  try {
    const text = fragment.trim().replace(/^#/, "")
    if (!text.startsWith("sessions.v"))
      return { success: false, error: "Not a folder summary link." }
    if (!text.startsWith(SUMMARY_PREFIX))
      return {
        success: false,
        error:
          "This summary link was made by a newer version. Reload the page.",
      }
    if (text.length > SHARE_LIMITS.maxEncodedChars)
      return { success: false, error: "This summary link is too large." }
    const payload = /^[A-Za-z0-9_-]*/.exec(
      text.slice(SUMMARY_PREFIX.length)
    )![0]
    const bytes = base64urlToBytes(payload)
    if (!bytes || bytes.length === 0) return { success: false, error: DAMAGED }
    const start = performance.now()
    const inflated = await inflateRawToText(bytes, {
      maxBytes: SHARE_LIMITS.maxDecodedBytes,
      deadline: start + SHARE_LIMITS.maxMillis,
      now: () => performance.now(),
    })
    if (!inflated.ok)
      return {
        success: false,
        error:
          inflated.reason === "too_large"
            ? "This summary link is too large."
            : DAMAGED,
      }
    const parsed = parseJsonBounded(inflated.text, 8, 2_000_000)
    if (!parsed.ok) return { success: false, error: DAMAGED }
    const data = summaryFromWire(parsed.value)
    return data ? { success: true, data } : { success: false, error: DAMAGED }
  } catch {
    return { success: false, error: DAMAGED }
  }
}
