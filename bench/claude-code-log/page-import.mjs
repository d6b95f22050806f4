// Importing the large generated Claude Code log through the paste dialog in
// Chromium (production build): paste → recognised (Import enabled), then
// Import → the dialog closes, the Timeline shows the real numbers, every text
// is BPE-counted; each beside the same page's JSON.parse of the log's lines
// (the same run's baseline). With PROFILE=1, a CPU profile of the whole
// import is written to /tmp/import.cpuprofile.
// Run: node bench/claude-code-log/page-import.mjs
import { writeFileSync } from "node:fs"
import { performance } from "node:perf_hooks"

import { pasteIntoImport, startPlayground } from "../lib/page-steps.mjs"
import { buildLog } from "./generate.mjs"

const { page, close } = await startPlayground(3205)
const cdp = await page.context().newCDPSession(page)
const text = buildLog()
const parseMs = await page.evaluate((t) => {
  const t0 = performance.now()
  for (const line of t.split("\n")) if (line) JSON.parse(line)
  return performance.now() - t0
}, text)
if (process.env.PROFILE) {
  await cdp.send("Profiler.enable")
  await cdp.send("Profiler.start")
}
const t0 = performance.now()
await pasteIntoImport(page, text)
const go = page.getByTestId("import.submit")
await go.waitFor()
await page.waitForFunction(
  () => !document.querySelector("[data-testid='import.submit']")?.disabled,
  null,
  { timeout: 120_000, polling: 50 }
)
const recognised = performance.now() - t0
await go.click()
await page
  .getByTestId("import.dialog")
  .waitFor({ state: "detached", timeout: 120_000 })
const closed = performance.now() - t0
await page.evaluate(
  () =>
    new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
)
const painted = performance.now() - t0
await page.getByTestId("result.tab.timeline").click()
await page.getByTestId("real.view").waitFor({ timeout: 120_000 })
const timelineShown = performance.now() - t0
await page.waitForFunction(
  () =>
    document
      .querySelector("[data-testid='tokens.mark']")
      ?.getAttribute("data-state") === "counted",
  null,
  { timeout: 120_000, polling: 100 }
)
const counted = performance.now() - t0
if (process.env.PROFILE) {
  const { profile } = await cdp.send("Profiler.stop")
  writeFileSync("/tmp/import.cpuprofile", JSON.stringify(profile))
}
const x = (ms) => `${ms.toFixed(0)} ms (${(ms / parseMs).toFixed(0)}×)`
console.log(
  `${(text.length / 1e6).toFixed(2)} MB log; JSON.parse of its lines in the page ${parseMs.toFixed(0)} ms (baseline)`
)
console.log(`paste → recognised (Import enabled)      ${x(recognised)}`)
console.log(`→ dialog closed                          ${x(closed)}`)
console.log(`→ painted                                ${x(painted)}`)
console.log(`→ Timeline with the real numbers         ${x(timelineShown)}`)
console.log(`→ every text BPE-counted                 ${x(counted)}`)
await close()
process.exit(0)
