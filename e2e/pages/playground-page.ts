import { expect, type Locator, type Page } from "@playwright/test"

/**
 * Page object for the playground. Every spec drives the page through it, so a
 * change of markup is fixed in one place. Test ids are dotted by region.
 */
export class PlaygroundPage {
  readonly consoleErrors: string[] = []
  readonly offHostRequests: string[] = []

  constructor(readonly page: Page) {
    page.on("console", (msg) => {
      if (msg.type() === "error") this.consoleErrors.push(msg.text())
    })
    page.on("pageerror", (err) => this.consoleErrors.push(String(err)))
    page.on("request", (req) => {
      const url = new URL(req.url())
      if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return
      if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
        this.offHostRequests.push(req.url())
      }
    })
  }

  /** Opens the page (optionally with a fragment) and waits for the workspace. */
  async open(hash = "") {
    await this.page.goto(`/${hash}`)
    await expect(this.page.getByTestId("region.result")).toBeVisible()
  }

  // ── Conversation ──────────────────────────────────────────────────────────
  get monaco(): Locator {
    return this.page
      .locator("[data-testid='editor.container'] .monaco-editor")
      .first()
  }

  async waitForMonaco() {
    await expect(this.monaco).toBeVisible({ timeout: 30_000 })
    await expect(this.page.getByTestId("editor.fallback")).toHaveCount(0)
  }

  /** Replaces the whole request text by typing into Monaco. */
  async typeRequest(text: string) {
    await this.waitForMonaco()
    await this.monaco.click()
    await this.page.keyboard.press("ControlOrMeta+A")
    await this.page.keyboard.press("Delete")
    await this.page.keyboard.insertText(text)
  }

  /** Monaco's own syntax/schema error squiggles. */
  get errorMarkers(): Locator {
    return this.monaco.locator(".squiggly-error")
  }

  get conversationError(): Locator {
    return this.page.getByTestId("conversation.error")
  }

  async editorText(): Promise<string> {
    return this.page.evaluate(() => {
      const w = window as unknown as {
        monaco?: {
          editor: {
            getModels(): Array<{
              uri: { toString(): string }
              getValue(): string
            }>
          }
        }
      }
      const model = w.monaco?.editor
        .getModels()
        .find((m) => m.uri.toString().includes("playground/request.json"))
      return model?.getValue() ?? ""
    })
  }
}
