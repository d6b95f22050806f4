// Loads `npm run report`'s TypeScript (the page's own lib/ code) from plain
// Node: rolldown bundles the two entries (the command, and the job a worker
// thread runs) into node_modules/.cache/report/ once, and again only when a
// source file it was built from changes (their sizes and mtimes are kept in
// a manifest). A cached start reads two plain JS files: no transpiler loads.
// package.json's "sideEffects" (the page's) drops bare imports such as
// lib/extensions/auto.ts here: the worker installs the extensions itself.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs"
import { writeFile } from "node:fs/promises"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = fileURLToPath(new URL("../../", import.meta.url))
const cache = join(root, "node_modules", ".cache", "report")
const ENTRIES = {
  main: join(root, "scripts/report/main.ts"),
  worker: join(root, "scripts/report/worker-main.ts"),
  thread: join(root, "scripts/report/thread.ts"),
  reader: join(root, "scripts/report/reader-main.ts"),
}

const stamp = (path) => {
  try {
    const s = statSync(path)
    return `${s.size}:${s.mtimeMs}`
  } catch {
    return "gone"
  }
}

/** The built bundle's folder, when every source it was built from is unchanged. */
function current() {
  try {
    const m = JSON.parse(readFileSync(join(cache, "manifest.json"), "utf8"))
    const same = Object.entries(m.sources).every(([p, s]) => stamp(p) === s)
    return same ? join(cache, m.dir) : null
  } catch {
    return null
  }
}

async function build() {
  const { rolldown } = await import("rolldown")
  const dir = `build-${process.pid}-${Date.now()}`
  const bundle = await rolldown({
    input: ENTRIES,
    platform: "node",
    resolve: { alias: { "@": root.replace(/\/$/, "") } },
    // Packages stay imports of node_modules; only the repository is bundled.
    external: (id) =>
      !id.startsWith("@/") && !id.startsWith(".") && !id.startsWith("/"),
    logLevel: "silent",
  })
  const out = await bundle.write({
    dir: join(cache, dir),
    format: "esm",
    entryFileNames: "[name].mjs",
    chunkFileNames: "[name]-[hash].mjs",
  })
  await bundle.close()
  // This file too: a change of how the bundle is built rebuilds it.
  const sources = {
    [fileURLToPath(import.meta.url)]: stamp(fileURLToPath(import.meta.url)),
  }
  for (const chunk of out.output)
    for (const id of chunk.moduleIds ?? [])
      if (id.startsWith(root) && !id.includes("node_modules"))
        sources[id] = stamp(id)
  // Written aside and renamed: two reports starting at once never read half a manifest.
  const tmp = join(cache, `manifest-${process.pid}.json`)
  await writeFile(tmp, JSON.stringify({ dir, sources }))
  renameSync(tmp, join(cache, "manifest.json"))
  return join(cache, dir)
}

/** The folder of the current bundle (built first when a source changed). */
export async function bundleDir() {
  const ready = current()
  if (ready) return ready
  mkdirSync(cache, { recursive: true })
  const dir = await build()
  for (const old of readdirOld(dir))
    rmSync(old, { recursive: true, force: true })
  return dir
}

/** Older builds, left by earlier sources (kept one build back for a report still running). */
function readdirOld(keep) {
  try {
    return readdirSync(cache)
      .filter((n) => n.startsWith("build-"))
      .map((n) => join(cache, n))
      .filter((p) => p !== keep && Date.now() - statSync(p).mtimeMs > 3_600_000)
  } catch {
    return []
  }
}

/** Imports an entry ("main", "worker", "thread" or "reader") of the bundle in `dir`. */
export const importEntry = (dir, name) =>
  import(pathToFileURL(join(dir, `${name}.mjs`)).href)
