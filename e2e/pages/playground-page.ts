import { expect, type Locator, type Page } from "@playwright/test"

import { preset } from "../expected"
import { requestFragment } from "../requests"
import { PlaygroundRegions } from "./regions"

/** The preset the page opens on when nothing else is asked for. */
const SAMPLE = "research-agent"

type ResultTab =
  "blocks" | "explain" | "timeline" | "compare" | "tune" | "raw" | "server"

/**
 * Page object for the playground. Every spec drives the page through it, so a
 * change of markup is fixed in one place. Test ids are dotted by region; the
 * regions' locators (`edits("add")`, `server("send")`…) are in regions.ts.
 */
export class PlaygroundPage extends PlaygroundRegions {
  readonly offHostRequests: string[] = []

  /** Console errors are checked for every page by the `test` fixture (e2e/fixtures.ts). */
  constructor(page: Page) {
    super(page)
    page.on("request", (req) => {
      const url = new URL(req.url())
      if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return
      if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
        this.offHostRequests.push(req.url())
      }
    })
  }

  /**
   * From now on, the body of every response from this host (the app's own
   * pages and API routes), for checks that a secret never comes back.
   */
  collectResponseBodies(): string[] {
    const bodies: string[] = []
    this.page.on("response", async (r) => {
      if (new URL(r.url()).hostname !== "127.0.0.1") return
      try {
        bodies.push(await r.text())
      } catch {
        // streamed or aborted bodies are read where possible
      }
    })
    return bodies
  }

  /** Waits until the debounced autosave has written the last change. */
  async waitForAutosave() {
    await this.page.waitForTimeout(800)
  }

  /** Reloads the tab once the debounced autosave has written the last change. */
  async reloadAfterAutosave() {
    await this.waitForAutosave()
    await this.page.reload()
  }

  /** Follows a link (a permalink or short link) in this tab. */
  async openLink(url: string) {
    await this.page.goto(url)
  }

  /** Opens the page (optionally with a fragment) and waits for the workspace. */
  async open(hash = "") {
    await this.page.goto(`/${hash}`)
    // The first paint waits on the engine's bundle; on a loaded CI machine
    // that can pass the default 10 s without anything being wrong.
    await expect(this.page.getByTestId("region.result")).toBeVisible({
      timeout: 30_000,
    })
  }

  /** Opens the page on its sample, with the JSON editor ready. */
  async openEditor() {
    await this.open()
    await this.waitForMonaco()
  }

  /**
   * Opens the page on its sample session and returns the sample's request,
   * to compute the expected values with.
   */
  async openSample(): Promise<Record<string, unknown>> {
    await this.open()
    return preset(SAMPLE)
  }

  /**
   * Opens the page and loads an example from the Examples menu; returns the
   * example's request, to compute the expected values with.
   */
  async openExample(id: string): Promise<Record<string, unknown>> {
    await this.open()
    await this.loadExample(id)
    return preset(id)
  }

  /**
   * Opens the page on its sample session and sets `keep` on its
   * clear_tool_uses edit (card 1): work of this tab, for the specs that
   * follow it over reloads, tabs and links.
   */
  async openWithKeep(keep: number) {
    await this.open()
    await this.setNumber(1, "keep", keep)
  }

  /** Opens the page on a request, through the `#request=` deep link. */
  async openRequest(request: unknown) {
    await this.open(requestFragment(request))
  }

  /**
   * Pastes a link's fragment into this tab's address bar: only the hash
   * changes, the page does not reload.
   */
  async pasteFragment(hash: string) {
    await this.page.evaluate((h) => (window.location.hash = h), hash)
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

  /** Expects the request editor, once up, to hold exactly `text`. */
  async expectEditorText(text: string) {
    await this.waitForMonaco()
    expect(await this.editorText()).toBe(text)
  }

  /** Replaces the whole request text by typing into Monaco. */
  async typeRequest(text: string) {
    await this.waitForMonaco()
    await this.monaco.click()
    await this.page.keyboard.press("ControlOrMeta+A")
    await this.page.keyboard.press("Delete")
    await this.page.keyboard.insertText(text)
  }

  /**
   * Types a request that does not parse (even after Monaco auto-closes
   * brackets), waits for the located error, and returns the text typed.
   */
  async typeUnparsableRequest(): Promise<string> {
    const broken = '{"model": "claude-sonnet-4-6",, "messages": []}'
    await this.typeRequest(broken)
    await expect(this.conversationError).toBeVisible()
    return broken
  }

  /** Every squiggle Monaco draws in the request editor (errors and warnings). */
  get editorProblems(): Locator {
    return this.page.locator(".squiggly-error, .squiggly-warning")
  }

  /** Monaco's hover box (the message of the squiggle under the pointer). */
  get editorHover(): Locator {
    return this.page.locator(".monaco-hover").first()
  }

  /** Monaco's own syntax/schema error squiggles. */
  get errorMarkers(): Locator {
    return this.monaco.locator(".squiggly-error")
  }

  get conversationError(): Locator {
    return this.page.getByTestId("conversation.error")
  }

  /** The JSON editor's text, once the editor (loaded after the first paint) holds the request. */
  async editorText(): Promise<string> {
    await this.page.waitForFunction(() => {
      const w = window as unknown as {
        monaco?: {
          editor: { getModels(): Array<{ uri: { toString(): string } }> }
        }
      }
      return !!w.monaco?.editor
        .getModels()
        .some((m) => m.uri.toString().includes("playground/request.json"))
    })
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

  // ── Examples and header ───────────────────────────────────────────────────
  async loadExample(id: string) {
    await this.page.getByTestId("header.examples").click()
    await this.page.getByTestId(`examples.${id}`).click()
  }

  // ── Lessons ───────────────────────────────────────────────────────────────
  get learnDialog(): Locator {
    return this.page.getByTestId("learn.dialog")
  }

  /** Opens the lessons from the header and picks one. */
  async openLesson(id: string) {
    await this.page.getByTestId("header.learn").click()
    await this.page.getByTestId(`learn.lesson.${id}`).click()
    await expect(this.page.getByTestId(`learn.lesson.${id}`)).toHaveAttribute(
      "aria-current",
      "step"
    )
  }

  /** Types a count (number questions) and checks it; returns the verdict. */
  async answerLesson(count: string): Promise<string> {
    await this.page.getByTestId("learn.answer").fill(count)
    await this.page.getByTestId("learn.check").click()
    return (await this.page.getByTestId("learn.verdict").textContent()) ?? ""
  }

  // ── Edits ─────────────────────────────────────────────────────────────────
  editCard(index: number): Locator {
    return this.page.getByTestId(`edits.card.${index}`)
  }

  field(index: number, name: string): Locator {
    return this.page.getByTestId(`edits.${index}.${name}`)
  }

  async setNumber(index: number, name: string, value: number | "") {
    const input = this.field(index, name)
    await input.fill(String(value))
    await input.blur()
  }

  async addExcludedTool(index: number, name: string) {
    const input = this.page.getByTestId(`edits.${index}.exclude_tools.input`)
    await input.fill(name)
    await input.press("Enter")
  }

  async addEdit(type: string) {
    await this.page.getByTestId("edits.add").click()
    await this.page.getByTestId(`edits.add.${type}`).click()
  }

  // ── Result ────────────────────────────────────────────────────────────────
  /** The `context_management` the UI says the API would return. */
  async appliedEdits(): Promise<unknown> {
    const text = await this.page
      .getByTestId("result.applied-edits")
      .textContent()
    return JSON.parse(text ?? "null") as unknown
  }

  /** Waits until the UI's `context_management` is `expected`. */
  async expectAppliedEdits(expected: unknown) {
    await expect.poll(() => this.appliedEdits()).toEqual(expected)
  }

  block(messageIndex: number, blockIndex: number): Locator {
    return this.page.getByTestId(`diff.block.${messageIndex}.${blockIndex}`)
  }

  /** Every rendered block row's status, keyed "m.b". */
  async blockStatuses(): Promise<Record<string, string>> {
    return this.page.evaluate(() => {
      const out: Record<string, string> = {}
      for (const el of document.querySelectorAll<HTMLElement>(
        "[data-testid^='diff.block.'][data-status]"
      )) {
        out[(el.dataset.testid ?? "").replace("diff.block.", "")] =
          el.dataset.status ?? ""
      }
      return out
    })
  }

  async showUnchanged() {
    const box = this.page.getByTestId("diff.show-unchanged")
    if (!(await box.isChecked())) await box.check()
  }

  resultTab(id: ResultTab): Locator {
    return this.page.getByTestId(`result.tab.${id}`)
  }

  /** Checks that a result tab is the one shown. */
  async expectResultTab(id: ResultTab) {
    await expect(this.resultTab(id)).toHaveAttribute("aria-selected", "true")
  }

  /** Scrolls the Timeline's virtual list to a request and returns its row. */
  async timelineRow(request: number): Promise<Locator> {
    await this.page
      .getByTestId("timeline.table.scroll")
      .evaluate((el, y) => el.scrollTo(0, y), Math.max(0, (request - 3) * 26))
    return this.page.getByTestId(`timeline.row.${request}`)
  }

  get engineError(): Locator {
    return this.page.getByTestId("result.error")
  }

  /** Every request row of the Timeline tab. */
  get timelineRows(): Locator {
    return this.page.locator("[data-testid^='timeline.row.']")
  }

  // ── Sharing and export ────────────────────────────────────────────────────
  /** Opens the share dialog and returns the permalink once it is built. */
  async permalink(): Promise<string> {
    await this.page.getByTestId("header.share").click()
    const url = this.page.getByTestId("share.url")
    await expect(url).toHaveValue(/#v[23]\./)
    return url.inputValue()
  }

  async closeDialog() {
    await this.page.keyboard.press("Escape")
  }

  /** The code the export dialog shows for a language and endpoint. */
  async exportedCode(
    language: "curl" | "python" | "typescript",
    target: "messages" | "count_tokens" | "test" | "langchain"
  ): Promise<string> {
    await this.page.getByTestId(`export.lang.${language}`).click()
    await this.page.getByTestId(`export.target.${target}`).click()
    return (await this.page.getByTestId("export.code").textContent()) ?? ""
  }

  // ── Import ────────────────────────────────────────────────────────────────
  /** Opens the page on its sample, then the Import dialog, with `text` typed in. */
  async openImport(text?: string) {
    await this.open()
    await this.header("import").click()
    const area = this.page.getByTestId("import.text")
    await expect(area).toBeVisible()
    if (text !== undefined) await area.fill(text)
  }

  /** Waits until the Import dialog's worker has checked the current input. */
  async importChecked() {
    await expect(this.page.getByTestId("import.panel")).toHaveAttribute(
      "aria-busy",
      "false"
    )
    await expect(this.page.getByTestId("import.detected")).toBeVisible()
  }

  /**
   * Pastes text into the import dialog and imports it (keeping the current
   * edits unless told not to); `pick`: the label of the candidate to take
   * when the text holds several (curl commands, SDK calls, subagents).
   */
  async importText(
    text: string,
    { keepEdits = true, pick }: { keepEdits?: boolean; pick?: RegExp } = {}
  ) {
    await this.page.getByTestId("header.import").click()
    await this.setKeepEdits(keepEdits)
    await this.page.getByTestId("import.text").fill(text)
    await this.importChecked()
    if (pick) {
      const picker = this.page.getByTestId("import.candidates")
      const options = await picker.locator("option").allTextContents()
      const label = options.find((o) => pick.test(o))
      if (!label) throw new Error(`No import candidate matches ${pick}`)
      await picker.selectOption({ label })
      await expect(picker.locator("option:checked")).toHaveText(label)
      await this.importChecked()
    }
    await this.page.getByTestId("import.submit").click()
    await expect(this.page.getByTestId("import.dialog")).toHaveCount(0)
  }

  // ── Server tab ────────────────────────────────────────────────────────────
  /** Opens a small request (e.g. with a fake-API fault marker) on the Server tab. */
  async openServerTab(request: unknown, apiKey?: string) {
    await this.openRequest(request)
    await this.resultTab("server").click()
    await expect(this.page.getByTestId("server.status")).toBeVisible()
    if (apiKey) await this.page.getByTestId("server.key-input").fill(apiKey)
  }
}
