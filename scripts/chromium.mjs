// The browser every Playwright run here uses (e2e config, page bench):
// $CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own
// build (undefined). The flags keep Chromium off the network: this
// project's machines have none, and a browser that keeps trying floods it.
import { existsSync } from "node:fs"

export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined)

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
  "--disable-quic",
  "--no-first-run",
  "--no-default-browser-check",
  "--metrics-recording-only",
  "--safebrowsing-disable-auto-update",
  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
]
