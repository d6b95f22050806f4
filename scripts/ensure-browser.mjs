// Makes sure Playwright has a Chromium to drive before the e2e suite runs.
// Order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own build.
// On a Debian machine without any, installs Debian's chromium when running as
// root (Playwright's browser download is blocked on this project's machines).
import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"

const explicit = process.env.CHROMIUM_PATH
if (explicit) {
  if (existsSync(explicit)) process.exit(0)
  console.error(`CHROMIUM_PATH=${explicit} does not exist.`)
  process.exit(1)
}
if (existsSync("/usr/bin/chromium")) process.exit(0)

try {
  const { chromium } = await import("@playwright/test")
  if (existsSync(chromium.executablePath())) process.exit(0)
} catch {
  // fall through to installing
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0
if (isRoot && existsSync("/usr/bin/apt-get")) {
  console.warn("No Chromium found: installing Debian's chromium (apt-get)…")
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" })
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  })
  process.exit(0)
}

console.error(
  "No Chromium found for the e2e tests. Install one of:\n" +
    "  Debian/Ubuntu: sudo apt-get install chromium\n" +
    "  elsewhere:     npx playwright install chromium\n" +
    "or point CHROMIUM_PATH at a Chromium binary."
)
process.exit(1)
