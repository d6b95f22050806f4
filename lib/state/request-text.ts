import { applyEdits, findNodeAtLocation, modify, parseTree } from "jsonc-parser"

/** The editor's canonical formatting of a request. */
export function stringifyRequest(request: unknown): string {
  return JSON.stringify(request, null, 2) ?? ""
}

function indentAfterFirstLine(json: string, indent: string): string {
  return json.replace(/\n/g, `\n${indent}`)
}

/**
 * Rewrites only the top-level `key` of the JSON text (e.g. after a form changed
 * `context_management`), keeping the user's formatting everywhere else and
 * avoiding a full re-stringify of a multi-megabyte request. Throws when the
 * text is not a JSON object (callers then re-stringify the whole request).
 */
export function patchTopLevelKey(
  text: string,
  key: string,
  value: unknown
): string {
  const root = parseTree(text)
  if (!root || root.type !== "object") {
    throw new Error("patchTopLevelKey needs a JSON object")
  }
  if (value === undefined) {
    return applyEdits(text, modify(text, [key], undefined, {}))
  }
  const existing = findNodeAtLocation(root, [key])
  const pretty = indentAfterFirstLine(JSON.stringify(value, null, 2), "  ")
  if (existing) {
    return (
      text.slice(0, existing.offset) +
      pretty +
      text.slice(existing.offset + existing.length)
    )
  }
  // Insert as the last property, before the root's closing brace.
  const close = root.offset + root.length - 1
  let end = close
  while (end > root.offset && /\s/.test(text.charAt(end - 1))) end--
  const hasProps = (root.children?.length ?? 0) > 0
  const insertion = `${hasProps ? "," : ""}\n  ${JSON.stringify(key)}: ${pretty}\n`
  return text.slice(0, end) + insertion + text.slice(close)
}
