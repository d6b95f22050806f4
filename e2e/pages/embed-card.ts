import { expect, type Locator, type Page } from "@playwright/test"

/** Page object for the read-only embed card (`/embed#…`). */
export class EmbedCard {
  constructor(readonly page: Page) {}

  /** Opens the card for a link fragment (`#v2.…`, `#request=…`, or none). */
  async open(fragment = "") {
    await this.page.goto(`/embed${fragment}`)
  }

  get tokensBefore(): Locator {
    return this.page.getByTestId("tokens.before")
  }

  get tokensAfter(): Locator {
    return this.page.getByTestId("tokens.after")
  }

  /** The card's `applied_edits` summary. */
  get applied(): Locator {
    return this.page.getByTestId("embed.applied")
  }

  /** One list item per block the edits change. */
  get changes(): Locator {
    return this.page.getByTestId("embed.changes").locator("li")
  }

  /** "Open in playground". */
  get openLink(): Locator {
    return this.page.getByTestId("embed.open")
  }

  /** The message a damaged or missing fragment gets. */
  get error(): Locator {
    return this.page.getByTestId("embed.error")
  }

  /** The card has no editor: Monaco never loads. */
  async expectNoEditor() {
    await expect(this.page.locator(".monaco-editor")).toHaveCount(0)
  }
}
