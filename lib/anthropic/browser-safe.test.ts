/**
 * The modules the browser loads (via components/playground/server/server-panel.tsx)
 * must not pull in the SDK runtime or the server-only modules that handle
 * keys and env. Type-only imports are erased and therefore fine.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"

import { describe, expect, it } from "vitest"

const BROWSER_MODULES = [
  "fetcher.ts",
  "schemas.ts",
  "errors.ts",
  "stream-accumulator.ts",
  "compare.ts",
  "prepare-request.ts",
]
const SERVER_ONLY = [
  "@anthropic-ai/sdk",
  "./client",
  "./upstream-errors",
  "./retry",
  "./route-guard",
  "./count-tokens",
  "./stream-messages",
]

function runtimeImports(file: string): string[] {
  const source = readFileSync(join(import.meta.dirname, file), "utf8")
  const imports = source.matchAll(
    /^import\s+(type\s+)?[^"']*?from\s+"([^"]+)"/gms
  )
  return [...imports].filter((m) => !m[1]).map((m) => m[2] ?? "")
}

describe("browser-side modules", () => {
  it.each(BROWSER_MODULES)(
    "%s imports nothing server-only at runtime",
    (file) => {
      const bad = runtimeImports(file).filter((spec) =>
        SERVER_ONLY.some((s) => spec === s || spec.startsWith(`${s}/`))
      )
      expect(bad).toEqual([])
    }
  )

  it("the check itself sees a runtime SDK import", () => {
    expect(runtimeImports("upstream-errors.ts")).toContain("@anthropic-ai/sdk")
  })
})
