/**
 * Key-shaped test values, built at run time so that no string that looks
 * like a real Anthropic key is committed (secret scanners flag `sk-ant-…`).
 * Use it only where the shape matters (masking and leak tests); a test
 * that only checks which key is forwarded uses a plain string instead.
 */
const PREFIX = ["sk", "ant", ""].join("-")

/** `fakeKey("canary-1")` → the prefix of an Anthropic key + "canary-1". */
export const fakeKey = (rest: string): string => PREFIX + rest

/**
 * The ANTHROPIC_API_KEY of the e2e app server that has a server key (see
 * playwright.config.ts); the fake Anthropic API accepts it.
 */
export const E2E_SERVER_KEY = fakeKey("server-e2e-9c41d7a0b3f2e865")
