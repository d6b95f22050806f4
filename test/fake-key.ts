/**
 * Key-shaped test values, built at run time so that no string that looks
 * like a real Anthropic key is committed (secret scanners flag `sk-ant-…`).
 * Use it only where the shape matters (masking and leak tests); a test
 * that only checks which key is forwarded uses a plain string instead.
 */
const PREFIX = ["sk", "ant", ""].join("-")

/** `fakeKey("canary-1")` → the prefix of an Anthropic key + "canary-1". */
export const fakeKey = (rest: string): string => PREFIX + rest
