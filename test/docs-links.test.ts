import { existsSync, readFileSync, readdirSync, statSync } from "node:fs"
import { dirname, join, relative } from "node:path"

import { describe, expect, it } from "vitest"

import {
  COUNT_TOKENS_RATE_LIMIT,
  MESSAGES_RATE_LIMIT,
} from "@/lib/anthropic/rate-limit"
import { EDIT_KINDS, EDIT_TYPES } from "@/lib/context-editing"
import { SHARE_CREATE_RATE_LIMIT } from "@/lib/share/limits"

// The docs are a newcomer's way into the code: `docs/where.md` names, for
// each behaviour, the file, the function that decides it and the test that
// pins it. These checks fail the moment a refactor moves what a row names,
// so the table cannot quietly go stale.

const ROOT = join(__dirname, "..")

function sourceFiles(dir: string, ending = /\.(ts|tsx|mjs)$/): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory())
      return e.name === "node_modules" ? [] : sourceFiles(path, ending)
    return ending.test(e.name) ? [path] : []
  })
}
const read = (path: string) => readFileSync(join(ROOT, path), "utf8")

/** Every `<a id>` anchor of docs/semantics.md. */
function semanticsAnchors(): Set<string> {
  const ids = read("docs/semantics.md").matchAll(/<a id="([^"]+)"><\/a>/g)
  return new Set([...ids].map((m) => m[1] ?? ""))
}

interface Reference {
  row: string
  path: string
  names: string[]
  titles: string[]
}

const PATH = /^[\w./[\]-]+\.(ts|tsx|mjs|md)$|^[\w./-]+\/$/

/**
 * The files a table row names, each with the function names after its `→`
 * and the quoted test titles after it. A bare file name (`run.ts`)
 * is read in the folder of the path named before it in the same cell.
 */
function referencesOf(row: string): Reference[] {
  const refs: Reference[] = []
  let folder = ""
  for (const cell of row.split(" | ")) {
    let current: Reference | null = null
    let afterArrow = false
    const tokens = cell.matchAll(/`([^`]+)`|"([^"]+)"|(→)|([;,(])/g)
    for (const [, code, quoted, arrow, stop] of tokens) {
      if (arrow) afterArrow = true
      else if (stop === ";" || stop === ",")
        afterArrow = afterArrow && stop === ","
      else if (quoted && current) current.titles.push(quoted)
      else if (code && PATH.test(code) && !code.includes(" ")) {
        const path = code.includes("/") ? code : resolveBare(code, folder)
        if (code.includes("/"))
          folder = dirname(code.endsWith("/") ? `${code}x` : code)
        current = { row, path, names: [], titles: [] }
        refs.push(current)
        afterArrow = false
      } else if (code && afterArrow && current && /^[A-Za-z_]\w*$/.test(code))
        current.names.push(code)
    }
  }
  return refs
}

const FILES = ["lib", "components", "app", "test", "e2e", "bench"].flatMap(
  (dir) => sourceFiles(dir, /\.(ts|tsx|mjs|md)$/)
)

/**
 * A bare file name as a reader finds it: next to the file the row named
 * before it, else a Markdown page in docs/ or the root, else the one file of
 * that name in the repository.
 */
function resolveBare(name: string, folder: string): string {
  const candidates = [join(folder, name), join("docs", name), name]
  const near = candidates.find((p) => existsSync(join(ROOT, p)))
  if (near) return near
  const same = FILES.filter((f) => f.endsWith(`/${name}`))
  return same.length === 1 ? (same[0] ?? name) : `${folder}/${name}`
}

/** A quoted title where "…" stands for any elided words on the same line. */
function elidedTitle(title: string): RegExp {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  return new RegExp(title.split("…").map(escape).join(".*"))
}

function tableRows(path: string): string[] {
  return read(path)
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| ---"))
    .filter((l) => !/^\| question \|/.test(l))
}

const WHERE_ROWS = tableRows("docs/where.md")
const WHERE_REFS = WHERE_ROWS.flatMap(referencesOf).filter(
  (r) => !r.path.includes("*")
)

describe("docs/where.md: every row leads to code that exists", () => {
  it("has rows that name files (the parser reads the table)", () => {
    expect(WHERE_ROWS.length).toBeGreaterThan(60)
    expect(WHERE_REFS.length).toBeGreaterThan(WHERE_ROWS.length)
  })

  it("names only files and folders that exist", () => {
    const missing = WHERE_REFS.filter((r) => !existsSync(join(ROOT, r.path)))
    expect(
      missing.map((r) => `${r.path} (row: ${r.row.slice(0, 60)})`)
    ).toEqual([])
  })

  it("names functions that the named file defines or uses", () => {
    const absent = WHERE_REFS.filter((r) => existsSync(join(ROOT, r.path)))
      .filter((r) => statSync(join(ROOT, r.path)).isFile())
      .flatMap((r) => {
        const text = read(r.path)
        return r.names
          .filter((n) => !new RegExp(`\\b${n}\\b`).test(text))
          .map((n) => `${r.path} → ${n}`)
      })
    expect(absent).toEqual([])
  })

  it("quotes test titles that the named test file contains", () => {
    const absent = WHERE_REFS.filter((r) => r.titles.length > 0)
      .filter((r) => existsSync(join(ROOT, r.path)))
      .flatMap((r) => {
        const text = read(r.path)
        return r.titles
          .filter((t) => !elidedTitle(t).test(text))
          .map((t) => `${r.path}: "${t}"`)
      })
    expect(absent).toEqual([])
  })

  it("links only to sections of docs/semantics.md that exist", () => {
    const anchors = semanticsAnchors()
    const links = [...read("docs/where.md").matchAll(/semantics\.md#([\w-]+)/g)]
    const broken = links.map((m) => m[1] ?? "").filter((a) => !anchors.has(a))
    expect(broken).toEqual([])
  })
})

describe("code comments that cite the docs", () => {
  it("cite sections of docs/semantics.md that exist", () => {
    const anchors = semanticsAnchors()
    const broken = ["lib", "components", "app", "bench"]
      .flatMap((dir) => sourceFiles(dir))
      .flatMap((file) =>
        [...read(file).matchAll(/docs\/semantics\.md#([\w-]+)/g)]
          .map((m) => m[1] ?? "")
          .filter((a) => !anchors.has(a))
          .map((a) => `${relative(ROOT, join(ROOT, file))}: #${a}`)
      )
    expect(broken).toEqual([])
  })
})

const REPO_PATH =
  /`((?:lib|components|app|e2e|test|bench|docs|scripts|public)\/[\w./[\]-]*)`/g

describe("paths named in the READMEs and docs", () => {
  it("exist in the repository", () => {
    const pages = [
      "README.md",
      ...sourceFiles("docs", /\.md$/),
      ...sourceFiles("lib", /README\.md$/),
      ...sourceFiles("components", /README\.md$/),
    ]
    const missing = pages.flatMap((page) =>
      [...read(page).matchAll(REPO_PATH)]
        .map((m) => (m[1] ?? "").replace(/[.,:]$/, ""))
        .filter((p) => !p.includes("*") && !existsSync(join(ROOT, p)))
        .map((p) => `${page}: ${p}`)
    )
    expect(missing).toEqual([])
  })
})

/** A Markdown section: from its `## title` line to the next `## `. */
function section(page: string, title: string): string {
  const text = read(page)
  const start = text.indexOf(`\n## ${title}\n`)
  if (start < 0) return ""
  const end = text.indexOf("\n## ", start + 1)
  return text.slice(start, end < 0 ? undefined : end)
}

const ENGINE_README = "lib/context-editing/README.md"

describe("the engine's docs say what the registry holds", () => {
  it("name every registered edit kind, in the engine README's rule catalogue and in docs/semantics.md", () => {
    const catalogue = section(ENGINE_README, "Rule catalogue")
    const semantics = read("docs/semantics.md")
    const missing = EDIT_TYPES.flatMap((type) => [
      ...(catalogue.includes(type) || catalogue.includes(EDIT_KINDS[type].short)
        ? []
        : [`${ENGINE_README} rule catalogue: ${type}`]),
      ...(semantics.includes(type) ? [] : [`docs/semantics.md: ${type}`]),
    ])
    expect(catalogue.length).toBeGreaterThan(0)
    expect(missing).toEqual([])
  })

  it("list in the Rooms table exactly the engine's folders", () => {
    const rows = section(ENGINE_README, "Rooms").matchAll(/^\| \[`(\w+)\/`\]/gm)
    const named = [...rows].map((m) => m[1] ?? "").sort()
    const folders = readdirSync(join(ROOT, "lib/context-editing"), {
      withFileTypes: true,
    })
      .filter((e) => e.isDirectory() && !e.name.startsWith("__"))
      .map((e) => e.name)
      .sort()
    expect(named).toEqual(folders)
  })

  it("name, in the add-an-edit-kind steps, registries that hold every registered kind", () => {
    const steps = section(ENGINE_README, "Adding an edit kind")
    const edited = steps.slice(steps.indexOf("Edited files"))
    const registries = [...edited.matchAll(/\*\*`([\w/.-]+\.ts)`\*\*/g)].map(
      (m) => m[1] ?? ""
    )
    expect(registries.length).toBeGreaterThanOrEqual(4)
    const lacking = registries.flatMap((file) => {
      const path = file.startsWith("components/")
        ? file
        : `lib/context-editing/${file}`
      const text = existsSync(join(ROOT, path)) ? read(path) : ""
      return EDIT_TYPES.filter((t) => !text.includes(t)).map(
        (t) => `${path}: ${t}`
      )
    })
    expect(lacking).toEqual([])
  })
})

describe("the README's rate limits", () => {
  // Each limiter the server creates, by the name it is created with, and
  // how the README names it.
  const LIMITS: Record<string, { label: string; capacity: number }> = {
    count_tokens: {
      label: "`count_tokens`",
      capacity: COUNT_TOKENS_RATE_LIMIT.capacity,
    },
    messages: { label: "`messages`", capacity: MESSAGES_RATE_LIMIT.capacity },
    "share-create": {
      label: "short-link creation",
      capacity: SHARE_CREATE_RATE_LIMIT.capacity,
    },
  }

  it("names every limit the server creates, with its burst", () => {
    const created = ["app", "lib"]
      .flatMap((dir) => sourceFiles(dir))
      .filter((f) => !/\.test\.ts$/.test(f))
      .flatMap((f) => [
        ...read(f).matchAll(/createSharedRateLimiter\(\s*"([^"]+)"/g),
      ])
      .map((m) => m[1] ?? "")
    expect(created.sort()).toEqual(Object.keys(LIMITS).sort())
    const text = read("README.md").replace(/\s+/g, " ")
    const sentence =
      /Three limits hold per client[^.]*\.[^.]*\.[^.]*\./.exec(text)?.[0] ?? ""
    const unnamed = created.filter((name) => {
      const { label, capacity } = LIMITS[name]!
      return !new RegExp(`${label}[^;,]* ${capacity} then`).test(sentence)
    })
    expect(unnamed).toEqual([])
  })
})
