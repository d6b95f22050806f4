import type { Locator, Page } from "@playwright/test"

/**
 * The playground's regions, as locators: test ids are dotted by region
 * (`learn.verdict`, `timeline.row.3`), and specs name the region and the
 * part, never a raw test id, so a renamed id is fixed here. The steps specs
 * take are on PlaygroundPage (playground-page.ts), which extends this.
 */
export class PlaygroundRegions {
  constructor(readonly page: Page) {}

  protected part(region: string, id: string): Locator {
    return this.page.getByTestId(`${region}.${id}`)
  }

  /** A part of the Server tab's "Check assumptions against the API" section. */
  probes(id: string): Locator {
    return this.part("probes", id)
  }

  /** A part of the Tune tab (`tune("run")`, `tune("point.0")`). */
  tune(id: string): Locator {
    return this.part("tune", id)
  }

  /** A part of the layout (`region("result")`); see also `regionTab`. */
  region(id: string): Locator {
    return this.part("region", id)
  }

  /** The tab of a region on a narrow screen. */
  regionTab(id: string): Locator {
    return this.part("regions.tab", id)
  }

  header(id: string): Locator {
    return this.part("header", id)
  }

  /** A notice above the workspace (`link`, `draft`, …). */
  notice(id: string): Locator {
    return this.part("notice", id)
  }

  examples(id: string): Locator {
    return this.part("examples", id)
  }

  conversation(id: string): Locator {
    return this.part("conversation", id)
  }

  editor(id: string): Locator {
    return this.part("editor", id)
  }

  compose(id: string): Locator {
    return this.part("compose", id)
  }

  /** The edits region beyond one card's fields (`guidance.order`, `add`…). */
  edits(id: string): Locator {
    return this.part("edits", id)
  }

  /** A switch of the edits region's Assumptions section, by its key. */
  assumptions(key: string): Locator {
    return this.part("assumptions", key)
  }

  /** A collapsed section of the edits region, by its summary's words. */
  editsSection(words: string): Locator {
    return this.page.locator("details", {
      has: this.page.locator("summary", { hasText: words }),
    })
  }

  result(id: string): Locator {
    return this.part("result", id)
  }

  tokens(id: string): Locator {
    return this.part("tokens", id)
  }

  diff(id: string): Locator {
    return this.part("diff", id)
  }

  explain(id: string): Locator {
    return this.part("explain", id)
  }

  timeline(id: string): Locator {
    return this.part("timeline", id)
  }

  compare(id: string): Locator {
    return this.part("compare", id)
  }

  /** The Raw tab. */
  raw(id: string): Locator {
    return this.part("raw", id)
  }

  share(id: string): Locator {
    return this.part("share", id)
  }

  /** The Learn dialog. */
  learn(id: string): Locator {
    return this.part("learn", id)
  }

  /** A part of the Server tab. */
  server(id: string): Locator {
    return this.part("server", id)
  }

  /**
   * Ticks or clears the Import dialog's "Keep my current edits" (shown when
   * the request has edits; ticked at first only for the user's own edits).
   */
  async setKeepEdits(keep: boolean) {
    await this.page.getByTestId("import.text").waitFor() // the dialog is drawn
    const box = this.page.getByTestId("import.keep-edits")
    if ((await box.count()) > 0) await box.setChecked(keep)
  }
}
