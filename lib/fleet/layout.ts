/**
 * Which session a file of a `~/.claude/projects` folder belongs to, from
 * its path (relative to the folder) and, for the older layout, the
 * `sessionId` its rows carry:
 *
 * - `<project>/<session>.jsonl` — a session's main log;
 * - `<project>/<session>/subagents/agent-<id>.jsonl` — one of its
 *   subagents (Claude Code 2.1);
 * - `<project>/agent-<id>.jsonl` — a subagent of the session its rows name
 *   in `sessionId` (Claude Code 2.0);
 * - subagents of 1.x logs are sidechain rows inside the main log.
 *
 * A subagent whose session's log is not in the folder is a session of its
 * own. A `.json` file named as a run (`*trace*.json`, `*otlp*.json`,
 * `*spans*.json`, `*runs*.json`, `*request-log*.json`) is a session of its
 * own; anything else that is not `.jsonl` is not a log.
 */

/** What a path is, before the contents say more. */
export type FileRole =
  | { kind: "session"; path: string; project: string }
  | { kind: "subagent"; path: string; project: string; parent: string }
  | { kind: "agent-file"; path: string; project: string }

/** Forward slashes, no leading `./` or `/`. */
export function normalisePath(path: string): string {
  return path.replace(/\\/g, "/").replace(/^(\.\/|\/)+/, "")
}

const dirOf = (p: string) => {
  const i = p.lastIndexOf("/")
  return i < 0 ? "" : p.slice(0, i)
}

/** A `.json` file whose name says it holds a run: a trace export, spans, runs, a request log. */
const RUN_JSON =
  /(otlp|trace|span|runs?\b|run[-_.]|request[-_]?log)[^/]*\.json$/i

/** The role of a path; null when it is not a log. */
export function classifyPath(raw: string): FileRole | null {
  const path = normalisePath(raw)
  // A trace export (OTLP/JSON) or a run saved as one JSON document, named
  // as one, is a session of its own; other .json files are not logs.
  if (RUN_JSON.test(path.slice(path.lastIndexOf("/") + 1)))
    return { kind: "session", path, project: dirOf(path) }
  if (!path.toLowerCase().endsWith(".jsonl")) return null
  const sub = path.lastIndexOf("/subagents/")
  if (sub > 0) {
    const sessionDir = path.slice(0, sub)
    return {
      kind: "subagent",
      path,
      project: dirOf(sessionDir),
      parent: `${sessionDir}.jsonl`,
    }
  }
  const name = path.slice(path.lastIndexOf("/") + 1)
  const project = dirOf(path)
  if (/^agent-[^/]*\.jsonl$/i.test(name))
    return { kind: "agent-file", path, project }
  return { kind: "session", path, project }
}

/** A file once read: its role and the `sessionId` its rows carry. */
export interface PlacedFile {
  role: FileRole
  sessionId: string | null
}

/** The session a file counts in: the path of that session's main log. */
function sessionOf(f: PlacedFile, sessions: Set<string>): string {
  const r = f.role
  if (r.kind === "session") return r.path
  if (r.kind === "subagent") return sessions.has(r.parent) ? r.parent : r.path
  const parent = f.sessionId
    ? `${r.project ? `${r.project}/` : ""}${f.sessionId}.jsonl`
    : null
  return parent && sessions.has(parent) ? parent : r.path
}

/**
 * Groups files into sessions: main log path → the files that count in it
 * (the main log first when present). Order follows the input.
 */
export function groupSessions<F extends PlacedFile>(
  files: readonly F[]
): Map<string, F[]> {
  const sessions = new Set(
    files.filter((f) => f.role.kind === "session").map((f) => f.role.path)
  )
  const out = new Map<string, F[]>()
  for (const f of files) {
    const key = sessionOf(f, sessions)
    const list = out.get(key)
    if (!list) out.set(key, [f])
    else if (f.role.path === key) list.unshift(f)
    else list.push(f)
  }
  return out
}

/** The `sessionId` of a log's first row that names one (a cheap scan of the text). */
export function sessionIdIn(text: string): string | null {
  const m = /"sessionId"\s*:\s*"([^"\\]{1,200})"/.exec(text.slice(0, 65_536))
  return m ? m[1]! : null
}
