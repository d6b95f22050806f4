/**
 * The engine's rooms and the one direction imports run between them
 * (README.md, "Rooms"): request ← rules ← result ← session ← tuner. A file
 * may import its own room and the rooms before it, never one after it; no
 * room imports the public doors (index.ts and the module paths kept for
 * outside importers); one kind's folder never imports another's; and no
 * file of the engine imports itself back, type imports included.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"

import { describe, expect, it } from "vitest"

const ROOT = join(__dirname, "../..")
const ENGINE = "lib/context-editing"
const ROOMS = ["request", "rules", "result", "session", "tuner"] as const
/** Shared vocabulary (public types): any room may import it. */
const VOCABULARY = new Set(["types.ts", "types-config.ts"])
/** The one import the vocabulary makes: the kinds' wire types. */
const VOCABULARY_IMPORTS = new Set(["rules/kinds.ts"])

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === "__fixtures__" ? [] : sources(path)
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : []
  })
}

const FILES = sources(ENGINE).map((f) => relative(ENGINE, f))

/** The engine files a file imports (static, type and dynamic imports). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, ENGINE, file), "utf8")
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map(
    (m) => m[1]!
  )
  return specs.flatMap((spec) => {
    const base = spec.startsWith("@/lib/context-editing")
      ? spec.replace("@/lib/context-editing", ".")
      : spec.startsWith(".")
        ? join(dirname(file), spec)
        : null
    if (base === null) return []
    const hit = [`${base}.ts`, join(base, "index.ts")].find((p) =>
      existsSync(join(ROOT, ENGINE, p))
    )
    return hit ? [relative(".", hit)] : []
  })
}

const GRAPH = new Map(FILES.map((f) => [f, importsOf(f)]))

/** A file's room: its rank in ROOMS (1-based), 0 for the vocabulary, Infinity for the doors. */
function rank(file: string): number {
  const room = file.split("/")[0] as (typeof ROOMS)[number]
  if (file.includes("/")) return ROOMS.indexOf(room) + 1
  return VOCABULARY.has(file) ? 0 : Number.POSITIVE_INFINITY
}

const kindOf = (file: string) => /^rules\/([^/]+)\//.exec(file)?.[1]

describe("the engine's rooms", () => {
  it("reads every file of every room (the parser finds the imports)", () => {
    for (const room of ROOMS)
      expect(FILES.some((f) => f.startsWith(`${room}/`))).toBe(true)
    expect([...GRAPH.values()].flat().length).toBeGreaterThan(150)
  })

  it("has a README in each room", () => {
    const missing = ROOMS.filter(
      (room) => !existsSync(join(ROOT, ENGINE, room, "README.md"))
    )
    expect(missing).toEqual([])
  })

  it("imports only its own room and the rooms before it", () => {
    const wrong = [...GRAPH].flatMap(([file, deps]) =>
      deps
        .filter((dep) => {
          if (rank(file) === 0)
            return rank(dep) !== 0 && !VOCABULARY_IMPORTS.has(dep)
          return rank(dep) > rank(file)
        })
        .map((dep) => `${file} → ${dep}`)
    )
    expect(wrong).toEqual([])
  })

  it("keeps each kind's folder to itself", () => {
    const crossing = [...GRAPH].flatMap(([file, deps]) =>
      deps
        .filter(
          (dep) => kindOf(file) && kindOf(dep) && kindOf(dep) !== kindOf(file)
        )
        .map((dep) => `${file} → ${dep}`)
    )
    expect(crossing).toEqual([])
  })

  it("has no import circle", () => {
    const state = new Map<string, "open" | "done">()
    const circles: string[] = []
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === "done") return
      if (state.get(file) === "open") {
        circles.push([...path.slice(path.indexOf(file)), file].join(" → "))
        return
      }
      state.set(file, "open")
      for (const dep of GRAPH.get(file) ?? []) visit(dep, [...path, file])
      state.set(file, "done")
    }
    for (const file of FILES) visit(file, [])
    expect(circles).toEqual([])
  })
})
