import { test as base } from "@playwright/test"

import { PlaygroundPage } from "./pages/playground-page"

/** `test` with a `playground` page object wired to the current page. */
export const test = base.extend<{ playground: PlaygroundPage }>({
  playground: async ({ page }, provide) => {
    await provide(new PlaygroundPage(page))
  },
})

export { expect } from "@playwright/test"
