import { readFileSync } from "node:fs"
import { join } from "node:path"

import type { ContentBlock, ImportedRequest, ImportResult } from "../types"
import { LEGACY_TOOL_PREAMBLE } from "./to-legacy-xml"

/** Helpers of the legacy XML tests. */
export const fixture = (name: string) =>
  readFileSync(join(__dirname, "../__fixtures__", name), "utf8")

export function ok(result: ImportResult) {
  if (!result.success) throw new Error(result.error.message)
  return result
}

export function blocks(request: ImportedRequest, i: number): ContentBlock[] {
  const content = request.messages[i]?.content
  return typeof content === "string"
    ? [{ type: "text", text: content }]
    : (content ?? [])
}

export function notesText(result: ImportResult): string {
  return result.success ? result.notes.map((n) => n.message).join("\n") : ""
}

export const TOOL = (name: string, params: Array<[string, string]>) =>
  `<tool_description>\n<tool_name>${name}</tool_name>\n<description>\n${name} tool\n</description>\n<parameters>\n${params
    .map(
      ([p, t]) =>
        `<parameter>\n<name>${p}</name>\n<type>${t}</type>\n<description>${p}</description>\n</parameter>`
    )
    .join("\n")}\n</parameters>\n</tool_description>`

export const system = (...tools: string[]) =>
  `${LEGACY_TOOL_PREAMBLE}\n<tools>\n${tools.join("\n")}\n</tools>`

export const invoke = (name: string, params: Record<string, string>) =>
  `<invoke>\n<tool_name>${name}</tool_name>\n<parameters>\n${Object.entries(
    params
  )
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join("\n")}\n</parameters>\n</invoke>`
