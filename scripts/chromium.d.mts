/** Chromium to launch (undefined: Playwright's own build). */
export const chromiumPath: string | undefined
/** Launch flags that keep Chromium off the network. */
export const CHROMIUM_ARGS: string[]
