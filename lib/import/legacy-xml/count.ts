import { attribute, elements } from "./xml-scan"

/**
 * Legacy tool calls and results in a text, counted only when they are well
 * formed enough to be calls: an `<invoke>` that names its tool (a
 * `<tool_name>` or `name="…"`), and `<function_results>` entries (`<result>`,
 * `<error>`, `<system>`; a closed empty block counts as one). Prose or code
 * that merely mentions the tags counts nothing.
 */
export function countLegacy(text: string): { calls: number; results: number } {
  const calls = elements(text, "invoke").filter(
    (e) =>
      attribute(e.attributes, "name") !== undefined ||
      elements(e.inner, "tool_name").length > 0
  ).length
  let results = 0
  for (const block of [
    ...elements(text, "function_results"),
    ...elements(text, "function_result"),
  ]) {
    const entries = ["result", "error", "system"].reduce(
      (n, tag) => n + elements(block.inner, tag).length,
      0
    )
    results += entries > 0 ? entries : block.closed ? 1 : 0
  }
  return { calls, results }
}
