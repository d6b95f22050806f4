// The Dockerfile cannot be built here (no registry for base images), so
// what it must keep is checked as text: it runs the standalone server the
// e2e replicas run (scripts/standalone.mjs lays out the same folder), as a
// non-root user, with a health check on /api/status.
import { readFileSync } from "node:fs"

import { describe, expect, it } from "vitest"

const dockerfile = readFileSync(
  new URL("../Dockerfile", import.meta.url),
  "utf8"
)
const runStage = dockerfile.split(/^FROM /m).at(-1) ?? ""
const layout = readFileSync(
  new URL("../scripts/standalone.mjs", import.meta.url),
  "utf8"
)

describe("Dockerfile", () => {
  it("runs as a non-root user", () => {
    const user = /^USER (\S+)/m.exec(runStage)?.[1]
    expect(user).toBeDefined()
    expect(user).not.toMatch(/^(root|0)$/)
  })

  it("checks its health on /api/status", () => {
    expect(runStage).toMatch(/^HEALTHCHECK .*\n?.*\/api\/status/m)
  })

  it("starts server.mjs on the standalone output, with what scripts/standalone.mjs adds to it", () => {
    expect(runStage).toMatch(/^CMD \["node", "server\.mjs"\]/m)
    expect(runStage).toContain("/app/.next/standalone ./")
    for (const [copied, into, name] of [
      [".next/static", "./.next/static", "static"],
      ["public", "./public", "public"],
      ["server.mjs", "./server.mjs", "server.mjs"],
    ]) {
      expect(runStage).toContain(`/app/${copied} ${into}`)
      expect(layout).toContain(`"${name}"`)
    }
  })
})
