// The README's "What the browser keeps" table must name every storage key the
// page uses: a key added without a row there fails this test.
import { readdir, readFile } from "node:fs/promises"
import { join } from "node:path"

import { describe, expect, it } from "vitest"

async function sources(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...(await sources(p)))
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      out.push(p)
  }
  return out
}

describe("browser storage keys", () => {
  it("are all listed in the README", async () => {
    const root = new URL("..", import.meta.url).pathname
    const keys = new Set<string>()
    for (const dir of ["components", "lib", "app"])
      for (const file of await sources(join(root, dir))) {
        const text = await readFile(file, "utf8")
        // Only files that touch browser storage (not header names and such).
        if (!/Storage\b/.test(text)) continue
        for (const m of text.matchAll(
          /^(?:export )?const \w*KEY\w* = "([^"]+)"/gm
        ))
          keys.add(m[1]!)
      }
    expect(keys.size).toBeGreaterThanOrEqual(6)
    // Probe results per model ("Check assumptions against the API").
    expect(keys).toContain("cep.probes.v1")
    const readme = await readFile(join(root, "README.md"), "utf8")
    const section = readme.split("## What the browser keeps")[1] ?? ""
    const table = section.split("\n## ")[0]!
    for (const key of keys) expect(table).toContain(`\`${key}\``)
  })
})
