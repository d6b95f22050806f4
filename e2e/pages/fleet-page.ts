import { expect, type Locator, type Page } from "@playwright/test"

/** The numbers the folder view's summary carries (its data attributes, unrounded). */
export interface FleetTotals {
  sessions: number
  requests: number
  loggedDollars: number
  inputDollars: number
  replayDollars: number
  configDollars: number
}

/** Page object for the folder view ("Sessions" in the header). */
export class FleetPage {
  constructor(readonly page: Page) {}

  get view(): Locator {
    return this.page.getByTestId("fleet.view")
  }

  get summary(): Locator {
    return this.page.getByTestId("fleet.summary")
  }

  /** Opens (or, when shown, closes) the view from the header. */
  async toggle() {
    await this.page.getByTestId("header.sessions").click()
  }

  /** Opens the view from the header's ⋯ menu (where it is on a phone). */
  async openFromMoreMenu() {
    await this.page.getByTestId("header.more").click()
    await this.page.getByTestId("header.more.sessions").click()
  }

  /** Picks a folder with the view's folder input, as the folder picker does. */
  async pickFolder(dir: string) {
    if (!(await this.view.isVisible())) await this.toggle()
    await this.page.getByTestId("fleet.folder-input").setInputFiles(dir)
  }

  /** Waits until every file was read and the report shows. */
  async waitForReport() {
    await expect(this.page.getByTestId("fleet.progress.done")).toBeVisible({
      timeout: 60_000,
    })
    await expect(this.summary).toBeVisible()
  }

  async totals(): Promise<FleetTotals> {
    const n = async (name: string) =>
      Number(await this.summary.getAttribute(`data-${name}`))
    return {
      sessions: await n("sessions"),
      requests: await n("requests"),
      loggedDollars: await n("logged-dollars"),
      inputDollars: await n("input-dollars"),
      replayDollars: await n("replay-dollars"),
      configDollars: await n("config-dollars"),
    }
  }

  tab(id: string): Locator {
    return this.page.getByTestId(`fleet.tab.${id}`)
  }

  /** The rows of a table in the order shown (only those rendered: the first screenful). */
  rows(table: string): Locator {
    return this.page.locator(`[data-testid^='fleet.${table}.row.']`)
  }

  sortBy(table: string, key: string): Promise<void> {
    return this.page.getByTestId(`fleet.${table}.sort.${key}`).click()
  }
}
