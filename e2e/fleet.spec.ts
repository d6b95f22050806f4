import AxeBuilder from "@axe-core/playwright"
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

import { analyseLog } from "@/lib/fleet/analyse"
import { editsOfRequest } from "@/lib/fleet/config"
import { buildReport } from "@/lib/fleet/report"
import {
  EXAMPLE_FOLDER,
  type FolderFile,
  generateLogFolder,
} from "@/lib/generate/claude-code-log"

import { expect, test } from "./fixtures"
import { FleetPage } from "./pages/fleet-page"
import type { PlaygroundPage } from "./pages/playground-page"

/** A generated ~/.claude/projects folder on disk (every subagent layout, 1-hour writes in some). */
function folder(sessions: number, bytes: number, seed: number) {
  return onDisk([...generateLogFolder({ sessions, totalBytes: bytes, seed })])
}

/** Generated files written under a new temporary folder. */
function onDisk(files: FolderFile[]) {
  const dir = mkdtempSync(join(tmpdir(), "cep-e2e-fleet-"))
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true })
    writeFileSync(join(dir, f.path), f.text)
  }
  return { dir, files }
}

const small = folder(10, 1.2e6, 4)
test.afterAll(() => rmSync(small.dir, { recursive: true, force: true }))

/**
 * Opens the page on its sample, picks the small folder in the folder view
 * and waits for its report; the sample's request (its edits are the page's
 * config) comes back with the view.
 */
async function openSmallFolder(playground: PlaygroundPage) {
  const sample = await playground.openSample()
  const fleet = new FleetPage(playground.page)
  await fleet.pickFolder(small.dir)
  await fleet.waitForReport()
  return { fleet, sample }
}

/** The terminal's report of a folder, as `npm run report -- dir --json` prints it. */
function terminal(dir: string, edits: unknown[]) {
  const config = join(dir, "..", `${dir.split("/").pop()}-config.json`)
  writeFileSync(config, JSON.stringify({ edits }))
  const out = execFileSync(
    process.execPath,
    ["scripts/report.mjs", dir, "--json", "--no-tune", "--config", config],
    {
      encoding: "utf8",
    }
  )
  rmSync(config)
  return JSON.parse(out) as {
    sessions: Array<{ file: string; requests: number; configDollars: number }>
    total: {
      requests: number
      logged: { dollars: number; inputDollars: number }
      replayDollars: number
      configDollars: number
    }
  }
}

test("a folder of logs is read in the browser: progress, the bill per session, project, day and model, and nothing leaves the page", async ({
  playground,
  page,
}) => {
  const sample = await playground.openSample()
  const edits = editsOfRequest(sample)
  // Only bodiless GETs of the app's own assets and its key status poll go
  // out, and none names a session of the folder.
  const ids = small.files.map((f) => /"sessionId":"([^"]+)"/.exec(f.text)![1]!)
  const sent: string[] = []
  page.on("request", (r) => {
    const url = new URL(r.url())
    const api =
      url.pathname.startsWith("/api/") && url.pathname !== "/api/status"
    if (
      r.method() !== "GET" ||
      api ||
      r.postData() ||
      ids.some((id) => r.url().includes(id))
    )
      sent.push(`${r.method()} ${r.url()}`)
  })
  const fleet = new FleetPage(page)
  await fleet.pickFolder(small.dir)
  await expect(page.getByTestId("fleet.privacy")).toContainText(
    "Nothing leaves your browser"
  )
  await fleet.waitForReport()
  // The same numbers as the engine gives in Node for the same files, with the page's config.
  const expected = buildReport(
    small.files.map((f) => ({
      path: f.path,
      analysis: analyseLog(f.text, edits),
    }))
  ).total
  const got = await fleet.totals()
  expect(got.sessions).toBe(10)
  expect(got.requests).toBe(expected.requests)
  expect(got.loggedDollars).toBeCloseTo(
    expected.logged.inputDollars + expected.logged.outputDollars,
    9
  )
  expect(got.configDollars).toBeCloseTo(expected.configDollars, 9)
  await expect(page.getByTestId("fleet.progress.done")).toContainText(
    `Read ${small.files.length} files`
  )
  // Sorted by what each session cost, largest first; a click sorts by day.
  const first = fleet.rows("sessions").first()
  await expect(first).toBeVisible()
  await fleet.sortBy("sessions", "day")
  await expect(page.getByTestId("fleet.sessions.sort.day")).toHaveText("day ↑")
  for (const tab of ["projects", "days", "models"]) {
    await fleet.tab(tab).click()
    await expect(fleet.rows(tab).first()).toBeVisible()
  }
  await fleet.tab("misses").click()
  await expect(page.getByTestId("fleet.misses")).toContainText(/misses cost \$/)
  expect(sent, "requests that could carry a log").toEqual([])
})

test("the terminal prints the same totals as the page for the same folder", async ({
  playground,
}) => {
  const { fleet, sample } = await openSmallFolder(playground)
  const got = await fleet.totals()
  const cli = terminal(small.dir, editsOfRequest(sample))
  expect(cli.sessions.length).toBe(got.sessions)
  expect(cli.total.requests).toBe(got.requests)
  expect(cli.total.logged.dollars).toBeCloseTo(got.loggedDollars, 9)
  expect(cli.total.logged.inputDollars).toBeCloseTo(got.inputDollars, 9)
  expect(cli.total.replayDollars).toBeCloseTo(got.replayDollars, 9)
  expect(cli.total.configDollars).toBeCloseTo(got.configDollars, 9)
})

test("with no logs at hand, the example folder is made in the page and gets the terminal's numbers for the same files", async ({
  playground,
  page,
}) => {
  const sample = await playground.openSample()
  const fleet = new FleetPage(page)
  await fleet.toggle()
  await expect(page.getByTestId("fleet.sources")).toContainText(
    "No logs at hand?"
  )
  await page.getByTestId("fleet.example").click()
  await fleet.waitForReport()
  await expect(page.getByTestId("fleet.sources")).toContainText(
    "Shown: an example folder of generated sessions, not yours."
  )
  // Once a folder is shown, the offer is gone.
  await expect(page.getByTestId("fleet.example")).toHaveCount(0)
  const got = await fleet.totals()
  // The sample config costs these sessions more than they paid: the card
  // points to the tuner rather than leaving a newcomer with that number.
  const bill = Number(await fleet.summary.getAttribute("data-bill-dollars"))
  if (bill - got.inputDollars >= 0.005)
    await expect(page.getByTestId("fleet.card.config.more")).toContainText(
      "Tune across sessions"
    )
  else await expect(page.getByTestId("fleet.card.config.more")).toHaveCount(0)
  expect(got.sessions).toBe(EXAMPLE_FOLDER.sessions)
  const example = onDisk([...generateLogFolder(EXAMPLE_FOLDER)])
  try {
    const cli = terminal(example.dir, editsOfRequest(sample))
    expect(cli.sessions.length).toBe(got.sessions)
    expect(cli.total.requests).toBe(got.requests)
    expect(cli.total.logged.dollars).toBeCloseTo(got.loggedDollars, 9)
    expect(cli.total.replayDollars).toBeCloseTo(got.replayDollars, 9)
    expect(cli.total.configDollars).toBeCloseTo(got.configDollars, 9)
  } finally {
    rmSync(example.dir, { recursive: true, force: true })
  }
})

test("a session opens in the playground with one click, and the header brings the summary back", async ({
  playground,
  page,
}) => {
  const { fleet } = await openSmallFolder(playground)
  const before = await fleet.totals()
  await fleet.rows("sessions").first().getByTestId("fleet.open").click()
  await expect(fleet.view).toBeHidden()
  await playground.expectResultTab("timeline")
  await expect(page.getByTestId("real.view")).toBeVisible()
  await expect(page.getByTestId("header.sessions")).toHaveText("← Sessions")
  await fleet.toggle()
  await expect(fleet.summary).toBeVisible()
  expect(await fleet.totals()).toEqual(before)
})

test("Cancel stops reading at once; the tables cover the files read", async ({
  playground,
  page,
}) => {
  const big = folder(40, 12e6, 9)
  try {
    await playground.openSample()
    const fleet = new FleetPage(page)
    await fleet.pickFolder(big.dir)
    await expect(page.getByTestId("fleet.progress.text")).toContainText("files")
    await page.getByTestId("fleet.progress.cancel").click()
    await expect(page.getByTestId("fleet.progress.done")).toContainText(
      /^Cancelled after \d+ of \d+ files/
    )
    await expect(page.getByTestId("fleet.progress")).toBeHidden()
  } finally {
    rmSync(big.dir, { recursive: true, force: true })
  }
})

test("tune across sessions: Apply puts the config in the form and the folder is replayed with it", async ({
  playground,
  page,
}) => {
  const { fleet } = await openSmallFolder(playground)
  await fleet.tab("tune").click()
  await page.getByTestId("fleet.tune.run").click()
  await expect(page.getByTestId("fleet.tune.summary")).toBeVisible({
    timeout: 60_000,
  })
  const row = page.getByTestId("fleet.tune.row.0")
  const cost = (await row.locator("td").first().textContent())!.replace(
    / ←.*/,
    ""
  )
  await page.getByTestId("fleet.tune.apply.0").click()
  await fleet.waitForReport()
  await expect(page.getByTestId("fleet.card.config")).toContainText(cost)
  await fleet.toggle()
  await expect(playground.editCard(0)).toBeVisible()
})

test("a summary link reproduces the summary, numbers only, in another browser", async ({
  playground,
  page,
  freshBrowser,
}) => {
  const { fleet } = await openSmallFolder(playground)
  const totals = await fleet.totals()
  await page.getByTestId("fleet.share").click()
  const url = await page.getByTestId("fleet.share.url").inputValue()
  expect(url).toMatch(/#sessions\.v1\./)
  for (const f of small.files) expect(url).not.toContain(f.path.split("/")[0]!)
  const other = await freshBrowser()
  await other.page.goto(url)
  const shared = new FleetPage(other.page)
  await expect(shared.summary).toBeVisible()
  const got = await shared.totals()
  expect(got.requests).toBe(totals.requests)
  expect(got.configDollars).toBeCloseTo(totals.configDollars, 4)
  await expect(other.page.getByTestId("fleet.config")).toContainText(
    "Shared summary"
  )
  await expect(other.page.getByTestId("fleet.open")).toHaveCount(0)
})

test("log files dropped on the page open the folder view", async ({
  playground,
  page,
}) => {
  await playground.openSample()
  const f = small.files.find((x) => !x.path.includes("agent-"))!
  await page.evaluate(
    ({ name, text }) => {
      const dt = new DataTransfer()
      dt.items.add(new File([text], name))
      window.dispatchEvent(
        new DragEvent("drop", {
          dataTransfer: dt,
          bubbles: true,
          cancelable: true,
        })
      )
    },
    { name: f.path.split("/").pop()!, text: f.text }
  )
  const fleet = new FleetPage(page)
  await fleet.waitForReport()
  expect((await fleet.totals()).sessions).toBe(1)
})

test("axe finds no violations in the folder view", async ({
  playground,
  page,
}) => {
  await openSmallFolder(playground)
  const { violations } = await new AxeBuilder({ page })
    .include("[data-testid='fleet.view']")
    .analyze()
  expect(
    violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`
    )
  ).toEqual([])
})

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("the ⋯ menu opens the folder view, and its own button goes back", async ({
    playground,
    page,
  }) => {
    await playground.open()
    const fleet = new FleetPage(page)
    await fleet.openFromMoreMenu()
    await expect(fleet.view).toBeVisible()
    await page.getByTestId("fleet.close").click()
    await expect(fleet.view).toBeHidden()
  })
})
