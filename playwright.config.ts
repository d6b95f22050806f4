import { defineConfig, devices } from "@playwright/test"

import { CHROMIUM_ARGS, chromiumPath } from "./scripts/chromium.mjs"
import { E2E_SERVER_KEY } from "./test/fake-key"

/**
 * E2E runs against the production build (`next build` + `next start` on
 * 127.0.0.1), in Debian's Chromium when present (this project's machines
 * cannot download Playwright's own browser), else Playwright's bundled one.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100)
const FAKE_PORT = Number(process.env.E2E_FAKE_ANTHROPIC_PORT ?? 3199)
const BASE_URL = `http://127.0.0.1:${PORT}`
/** A second server of the same build, with ANTHROPIC_API_KEY set. */
const KEY_PORT = Number(process.env.E2E_SERVER_KEY_PORT ?? 3101)

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: "reports/e2e-results.json" }]]
    : [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          executablePath: chromiumPath,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: [
    {
      // A fake Anthropic API (plain node:http) so API routes never leave the machine.
      command: `node test/fake-anthropic/server.mjs --port ${FAKE_PORT}`,
      url: `http://127.0.0.1:${FAKE_PORT}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `node scripts/e2e-server.mjs --port ${PORT}`,
      url: BASE_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 420_000,
      stdout: "pipe",
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${FAKE_PORT}`,
        SHARE_DATABASE_URL: "file:./data/e2e-share.db",
        // Faults are injected by the fake API: keep their timeouts short.
        PLAYGROUND_UPSTREAM_TIMEOUT_MS: "3000",
        PLAYGROUND_RETRY_BASE_MS: "50",
        // Everything the app server prints goes here too (checked for secrets).
        E2E_SERVER_LOG: "data/e2e-server.log",
      },
    },
    {
      // The same build again (web servers start one after another, so the
      // build above is done), as a deployment with its own key would run it.
      command: `node scripts/e2e-server.mjs --port ${KEY_PORT}`,
      url: `http://127.0.0.1:${KEY_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: "pipe",
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        E2E_SKIP_BUILD: "1",
        ANTHROPIC_API_KEY: E2E_SERVER_KEY,
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${FAKE_PORT}`,
        SHARE_DATABASE_URL: "file:./data/e2e-share-key.db",
        E2E_SERVER_LOG: "data/e2e-server-key.log",
      },
    },
  ],
})
