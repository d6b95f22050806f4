/**
 * A generated `~/.claude/projects` folder: sessions of a realistic mix —
 * many short ones, a middle, and a few of several MB with automatic
 * compactions and subagents — spread over projects and days, on the models
 * Claude Code users run. Files are produced one session at a time (a 1 GB
 * folder is never held in memory).
 */
import {
  createRandom,
  pick,
  pickWeighted,
  type Random,
  randomInt,
} from "../prng"
import {
  generateLogSession,
  type LogSessionSpec,
  type SubagentLayout,
} from "./session"

export interface FolderOptions {
  sessions: number
  /** Approximate total size of every file, in bytes. */
  totalBytes: number
  seed?: number
  /** Projects the sessions are spread over (default 12). */
  projects?: number
  /** Epoch ms of the first session (default 2026-10-01). */
  start?: number
  /** Where subagents go, drawn from this list (default: mostly 2.1's folders, some 2.0 and 1.x). */
  layouts?: SubagentLayout[]
  /** Share of sessions with 1-hour cache writes (default 0.2). */
  hourTtl?: number
}

/** One file of the folder, its path relative to the folder. */
export interface FolderFile {
  path: string
  text: string
}

const MODELS = [
  "claude-opus-4-6",
  "claude-sonnet-4-5-20250929",
  "claude-opus-4-5-20251101",
  "claude-sonnet-4-6",
  "claude-haiku-4-5-20251001",
]
const MODEL_WEIGHTS = [5, 3, 2, 2, 1]

const LAYOUTS: SubagentLayout[] = [
  "subagents",
  "subagents",
  "subagents",
  "project",
  "inline",
]

/** Relative weights of the three kinds of session, and their size ranges (× the mean). */
/** Where Claude Code compacts by itself: most of a 200k window. */
const AUTO_COMPACT = 167_000

const KINDS = [
  { share: 0.7, min: 0.04, max: 0.4, subagents: [0, 1], compact: false },
  { share: 0.25, min: 0.6, max: 3, subagents: [0, 3], compact: false },
  { share: 0.05, min: 6, max: 22, subagents: [2, 8], compact: true },
] as const

/** The sessions' specs: sizes scaled so their sum is about `totalBytes`. */
export function planFolder(
  o: FolderOptions
): Array<LogSessionSpec & { project: string }> {
  const random = createRandom(o.seed ?? 1)
  const projects = Array.from(
    { length: o.projects ?? 12 },
    (_, i) =>
      `/home/dev/${pick(random, ["shop", "api", "infra", "docs", "ml", "app"])}-${i + 1}`
  )
  let at = o.start ?? Date.UTC(2026, 9, 1, 8)
  const raw = Array.from({ length: o.sessions }, (_, i) => {
    const kind =
      KINDS[
        pickWeighted(
          random,
          KINDS.map((k) => k.share)
        )
      ]!
    const size = kind.min + random() * (kind.max - kind.min)
    at += randomInt(random, 5, 240) * 60_000
    return { i, kind, size, at }
  })
  const scale = o.totalBytes / raw.reduce((s, r) => s + r.size, 0)
  return raw.map(({ i, kind, size, at }) =>
    spec(random, i, kind, size * scale, at, projects, o)
  )
}

function spec(
  random: Random,
  i: number,
  kind: (typeof KINDS)[number],
  bytes: number,
  start: number,
  projects: string[],
  o: FolderOptions
): LogSessionSpec & { project: string } {
  const cwd = pick(random, projects)
  const model = MODELS[pickWeighted(random, MODEL_WEIGHTS)]!
  const layout: SubagentLayout = pick(random, o.layouts ?? LAYOUTS)
  return {
    // Per folder seed too: two folders never share a session (its ids).
    seed: 1000 + i + ((o.seed ?? 1) - 1) * 1_000_003,
    targetBytes: Math.max(4_000, Math.round(bytes)),
    model,
    start,
    layout,
    subagents: randomInt(random, kind.subagents[0], kind.subagents[1]),
    // Claude Code compacts on its own near the 200k window (these models'),
    // a long session earlier when it is told to.
    compactAt:
      kind.compact && !model.includes("haiku")
        ? randomInt(random, 140_000, 160_000)
        : AUTO_COMPACT,
    thinking: random() < 0.6,
    ttl: random() < (o.hourTtl ?? 0.2) ? "1h" : "5m",
    cwd,
    subagentModel: random() < 0.4 ? "claude-haiku-4-5-20251001" : model,
    project: cwd.replace(/\//g, "-"),
  }
}

/** The files of one planned session, paths as Claude Code lays them out. */
export function sessionFiles(
  s: LogSessionSpec & { project: string }
): FolderFile[] {
  const log = generateLogSession(s)
  const base = `${s.project}/${log.sessionId}`
  return [
    { path: `${base}.jsonl`, text: log.main },
    ...log.agents.map((a) => ({
      path:
        s.layout === "project"
          ? `${s.project}/agent-${a.agentId}.jsonl`
          : `${base}/subagents/agent-${a.agentId}.jsonl`,
      text: a.text,
    })),
  ]
}

/** Every file of a generated folder, one session at a time. */
export function* generateLogFolder(o: FolderOptions): Generator<FolderFile> {
  for (const s of planFolder(o)) yield* sessionFiles(s)
}
