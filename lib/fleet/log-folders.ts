/**
 * Where `npm run report` looks for Claude Code logs when no folder is
 * given, as ccusage does: every folder `CLAUDE_CONFIG_DIR` names
 * (comma-separated), each's `projects/`; otherwise
 * `~/.config/claude/projects` (where newer Claude Code versions write) and
 * `~/.claude/projects`, whichever exist. Pure: the caller says which
 * folders exist.
 */

export interface FolderQuery {
  /** The folder given on the command line, if any. */
  dir: string | null
  /** `CLAUDE_CONFIG_DIR` as set (undefined or blank: unset). */
  configDir: string | undefined
  home: string
  isDir: (path: string) => boolean
  join: (...parts: string[]) => string
}

/** The folders to read, or what is missing. */
export function logFolders(
  q: FolderQuery
): { folders: string[] } | { error: string } {
  if (q.dir !== null)
    return q.isDir(q.dir)
      ? { folders: [q.dir] }
      : { error: `No folder at ${q.dir}` }
  const named = (q.configDir ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "")
  if (named.length > 0) {
    const folders = [...new Set(named.map((p) => q.join(p, "projects")))]
    const found = folders.filter(q.isDir)
    return found.length > 0
      ? { folders: found }
      : {
          error: `CLAUDE_CONFIG_DIR names no folder with a projects/ folder (looked for ${folders.join(", ")})`,
        }
  }
  const defaults = [
    q.join(q.home, ".config", "claude", "projects"),
    q.join(q.home, ".claude", "projects"),
  ]
  const found = defaults.filter(q.isDir)
  return found.length > 0
    ? { folders: found }
    : {
        error: `No Claude Code logs found: neither ${defaults.join(" nor ")} exists. Name a folder, or set CLAUDE_CONFIG_DIR (or see what the report says on generated sessions: npm run report -- --example).`,
      }
}
