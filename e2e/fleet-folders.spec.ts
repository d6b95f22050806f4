import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

import { generateLogFolder } from "@/lib/generate/claude-code-log"

import { expect, test } from "./fixtures"
import { FleetPage } from "./pages/fleet-page"

/** A folder on disk: generated sessions, plus any extra files by path. */
function folder(
  name: string,
  sessions: number,
  seed: number,
  extra: Record<string, string> = {}
) {
  const root = mkdtempSync(join(tmpdir(), "cep-e2e-folders-"))
  const dir = join(root, name)
  const files = [
    ...generateLogFolder({ sessions, totalBytes: sessions * 60_000, seed }),
  ].map((f) => ({ path: f.path, text: f.text }))
  for (const [path, text] of Object.entries(extra)) files.push({ path, text })
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true })
    writeFileSync(join(dir, f.path), f.text)
  }
  return { root, dir }
}

const opened = JSON.stringify({
  type: "user",
  uuid: "u1",
  parentUuid: null,
  sessionId: "left",
  timestamp: "2026-10-02T09:00:00.000Z",
  message: { role: "user", content: "hi" },
})

// The first folder: a whole analysis. The second: two sessions and three
// files that hold no API call (empty, not JSON, a session opened and left).
const first = folder("work-projects", 8, 11)
const second = folder("side-projects", 2, 12, {
  "-Users-me-side/empty.jsonl": "",
  "-Users-me-side/notes.jsonl": "these are my notes\nnot a log\n",
  "-Users-me-side/left.jsonl": `${opened}\n`,
})
// A newcomer's first folder: one session.
const single = folder("one-session", 1, 13)
test.afterAll(() => {
  for (const f of [first, second, single])
    rmSync(f.root, { recursive: true, force: true })
})

test("a second folder never replaces the first analysis: both stay, each a click away, exactly as they were", async ({
  playground,
  page,
}) => {
  await playground.openSample()
  const fleet = new FleetPage(page)
  await fleet.pickFolder(first.dir)
  await fleet.waitForReport()
  const a = await fleet.totals()
  expect(a.sessions).toBe(8)
  await expect(page.getByTestId("fleet.folders")).toBeHidden()

  await fleet.pickFolder(second.dir)
  await fleet.waitForReport()
  const b = await fleet.totals()
  expect(b.sessions).toBe(2)
  const folders = page.getByTestId("fleet.folders")
  await expect(folders).toBeVisible()
  await expect(page.getByTestId("fleet.folder.shown")).toHaveText(
    "side-projects · 2 sessions"
  )
  await expect(page.getByTestId("fleet.folder.0")).toHaveText(
    "work-projects · 8 sessions"
  )

  // Back to the first: the same numbers, to the cent and the call.
  await page.getByTestId("fleet.folder.0").click()
  await expect(page.getByTestId("fleet.folder.shown")).toHaveText(
    "work-projects · 8 sessions"
  )
  expect(await fleet.totals()).toEqual(a)
  await expect(fleet.rows("sessions")).toHaveCount(8)

  // And to the second again.
  await page.getByTestId("fleet.folder.0").click()
  expect(await fleet.totals()).toEqual(b)

  // Closing one is the user's own choice.
  await page.getByTestId("fleet.folder.0.close").click()
  await expect(folders).toBeHidden()
  expect(await fleet.totals()).toEqual(b)
})

test("files that hold no API calls are listed with a reason in the Sessions view's words, without an Open button", async ({
  playground,
  page,
}) => {
  await playground.openSample()
  const fleet = new FleetPage(page)
  await fleet.pickFolder(second.dir)
  await fleet.waitForReport()
  expect((await fleet.totals()).sessions).toBe(2)
  await expect(fleet.summary).toHaveAttribute("data-skipped", "3")
  await expect(page.getByTestId("fleet.summary.line")).toContainText(
    "3 files with no API calls, not counted"
  )
  // Only the two sessions are rows, each with its Open button.
  await expect(fleet.rows("sessions")).toHaveCount(2)
  await expect(page.getByTestId("fleet.open")).toHaveCount(2)

  const skipped = page.getByTestId("fleet.skipped")
  await expect(skipped).toBeVisible()
  const reasons = skipped.getByTestId("fleet.skipped.file")
  await expect(reasons).toHaveCount(3)
  await expect(reasons.filter({ hasText: "empty.jsonl" })).toContainText(
    "an empty file"
  )
  await expect(reasons.filter({ hasText: "notes.jsonl" })).toContainText(
    "no line of it is JSON"
  )
  await expect(reasons.filter({ hasText: "left.jsonl" })).toContainText(
    "no API calls: 1 message"
  )
  await expect(skipped.getByRole("button")).toHaveCount(0)
  // Not the import dialog's words.
  await expect(fleet.view).not.toContainText(/paste|curl command/i)
})

test("a folder of one session is counted in the singular", async ({
  playground,
  page,
}) => {
  await playground.openSample()
  const fleet = new FleetPage(page)
  await fleet.pickFolder(single.dir)
  await fleet.waitForReport()
  const line = page.getByTestId("fleet.summary.line")
  await expect(line).toContainText(
    /^1 session \(1 file, [\d.]+ MB\), [\d,]+ API calls?\.$/
  )
  await expect(page.getByTestId("fleet.progress.done")).toContainText(
    /^Read 1 file \(/
  )
})
