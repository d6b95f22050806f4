import {
  test as base,
  type BrowserContext,
  expect,
  type Page,
} from "@playwright/test"

import { PlaygroundPage } from "./pages/playground-page"

interface Fixtures {
  /** The playground page object, wired to the test's page. */
  playground: PlaygroundPage
  /**
   * Opens the app in a fresh browser profile (no storage shared with the
   * test's page), as someone who received a link would. Its console is
   * checked like the test's own; it is closed after the test.
   */
  freshBrowser: () => Promise<PlaygroundPage>
  /**
   * Console errors and uncaught exceptions of every page the test opened.
   * After the test, any not matched by `allowedConsoleErrors` fails it.
   */
  consoleErrors: string[]
  /**
   * Console errors a spec expects (e.g. the browser's own "Failed to load
   * resource" line for a 403 the test provokes), as one pattern. Set with
   * `test.use` (a single RegExp: Playwright reads an array as a fixture tuple).
   */
  allowedConsoleErrors: RegExp | null
  /**
   * Whether the page counts tokens with the BPE worker. Off by default, so
   * the page's numbers are `simulate()`'s (what specs compute their expected
   * values with); the tokens spec turns it on with `test.use({ refine: true })`.
   */
  refine: boolean
}

/** Turns the BPE refinement off in a browser context (the user's own switch). */
async function refineOff(context: BrowserContext) {
  await context.addInitScript(() => {
    try {
      localStorage.setItem("cep.refine", "off")
    } catch {
      // storage blocked: nothing to turn off
    }
  })
}

/** Collects console errors and page errors of `page` into `into`. */
function watchConsole(page: Page, into: string[]) {
  page.on("console", (msg) => {
    if (msg.type() === "error") into.push(`${page.url()}: ${msg.text()}`)
  })
  page.on("pageerror", (err) => into.push(`${page.url()}: ${String(err)}`))
}

/**
 * `test` for every spec: a `playground` page object, a `freshBrowser` for a
 * second user, and a console-error check that runs after each test.
 */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [null, { option: true }],
  refine: [false, { option: true }],

  context: async ({ context, refine }, provide) => {
    if (!refine) await refineOff(context)
    await provide(context)
  },

  consoleErrors: [
    async ({ context, allowedConsoleErrors }, provide) => {
      const errors: string[] = []
      for (const page of context.pages()) watchConsole(page, errors)
      context.on("page", (page) => watchConsole(page, errors))
      await provide(errors)
      const unexpected = errors.filter((e) => !allowedConsoleErrors?.test(e))
      expect(
        unexpected,
        "console errors on the pages this test opened"
      ).toEqual([])
    },
    { auto: true },
  ],

  playground: async ({ page }, provide) => {
    await provide(new PlaygroundPage(page))
  },

  freshBrowser: async ({ browser, consoleErrors, refine }, provide) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = []
    await provide(async () => {
      const context = await browser.newContext()
      if (!refine) await refineOff(context)
      contexts.push(context)
      context.on("page", (page) => watchConsole(page, consoleErrors))
      return new PlaygroundPage(await context.newPage())
    })
    for (const context of contexts) await context.close()
  },
})

/**
 * The browser's own console line for a response with an error `status` (a
 * number, or a pattern such as "\\d{3}"), for `allowedConsoleErrors`.
 */
export function failedToLoad(status: number | string): RegExp {
  return new RegExp(
    `Failed to load resource: the server responded with a status of ${status}`
  )
}

export { expect }
