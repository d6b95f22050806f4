// Entry point for tests: `import { startFakeAnthropic } from ".../start.mjs"`.
export { startFakeAnthropic } from "./server.mjs"
