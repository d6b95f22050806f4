import { join } from "node:path"

import { describe, expect, it } from "vitest"

import { logFolders } from "./log-folders"

const existing =
  (...dirs: string[]) =>
  (p: string) =>
    dirs.includes(p)

describe("where npm run report looks for logs", () => {
  const home = "/home/u"

  it("reads the folder given, or says there is none", () => {
    const q = { configDir: "/c", home, join, isDir: existing("/logs") }
    expect(logFolders({ ...q, dir: "/logs" })).toEqual({ folders: ["/logs"] })
    expect(logFolders({ ...q, dir: "/nope" })).toEqual({
      error: "No folder at /nope",
    })
  })

  it("reads every folder CLAUDE_CONFIG_DIR names, comma-separated, each's projects/", () => {
    const isDir = existing(
      "/a/projects",
      "/b/projects",
      join(home, ".claude/projects")
    )
    expect(
      logFolders({
        dir: null,
        configDir: " /a , /b,/missing,, ",
        home,
        join,
        isDir,
      })
    ).toEqual({ folders: ["/a/projects", "/b/projects"] })
    expect(
      logFolders({ dir: null, configDir: "/missing", home, join, isDir })
    ).toMatchObject({ error: expect.stringContaining("/missing/projects") })
  })

  it("falls back to ~/.config/claude/projects and ~/.claude/projects, whichever exist", () => {
    const both = existing(
      join(home, ".config/claude/projects"),
      join(home, ".claude/projects")
    )
    expect(
      logFolders({ dir: null, configDir: undefined, home, join, isDir: both })
    ).toEqual({
      folders: [
        join(home, ".config/claude/projects"),
        join(home, ".claude/projects"),
      ],
    })
    expect(
      logFolders({
        dir: null,
        configDir: "  ",
        home,
        join,
        isDir: existing(join(home, ".claude/projects")),
      })
    ).toEqual({ folders: [join(home, ".claude/projects")] })
    expect(
      logFolders({
        dir: null,
        configDir: undefined,
        home,
        join,
        isDir: existing(),
      })
    ).toMatchObject({ error: expect.stringContaining("CLAUDE_CONFIG_DIR") })
  })
})
