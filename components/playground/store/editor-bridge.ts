"use client"

import type { JsonEditorApi } from "@/components/monaco/json-editor"
import { arrayElementAt } from "@/lib/json/common-ends"
import { loadJsonTools, type Jsonc } from "@/lib/json/on-demand"
import type { BlockRef } from "@/lib/state"
import { topLevelEntries } from "@/lib/state/incremental-parse"

// The mounted request editor, so the block list can select a block's JSON.
let api: JsonEditorApi | null = null

export function setEditorApi(next: JsonEditorApi | null) {
  api = next
}

/** Selects `messages[i].content[j]` (or the whole message) in the editor. */
export function revealBlockInEditor(text: string, ref: BlockRef): void {
  const { messageIndex, blockIndex } = ref
  void withJsonc((jsonc) => {
    const root = jsonc.parseTree(text)
    const base = root?.type === "array" ? [] : ["messages"]
    return (
      selectPath(jsonc, root, [...base, messageIndex, "content", blockIndex]) ||
      selectPath(jsonc, root, [...base, messageIndex])
    )
  })
}

/** Selects the value at a JSON path (or its closest existing parent) in the editor. */
export function revealPathInEditor(
  text: string,
  path: (string | number)[]
): void {
  void withJsonc((jsonc) => {
    const root = jsonc.parseTree(text)
    for (let n = path.length; n >= 0; n--)
      if (selectPath(jsonc, root, path.slice(0, n))) return true
    return false
  })
}

/** Runs `select` with jsonc-parser (loaded on first use) if an editor is mounted. */
async function withJsonc(select: (jsonc: Jsonc) => boolean): Promise<boolean> {
  if (!api) return false
  const { jsonc } = await loadJsonTools()
  return select(jsonc)
}

/** Selects the node at `path` of the parsed tree; false when there is none. */
function selectPath(
  jsonc: Jsonc,
  root: ReturnType<Jsonc["parseTree"]>,
  path: (string | number)[]
): boolean {
  const node = root && jsonc.findNodeAtLocation(root, path)
  if (!node || !api) return false
  api.select(node.offset, node.length)
  return true
}

/** Where the messages array starts (its `[`): the root, or `messages`. */
function messagesArrayStart(text: string): number {
  const first = text.search(/\S/)
  if (text.charCodeAt(first) === 91 /* [ */) return first
  const entry = topLevelEntries(text)?.find((e) => e.key === "messages")
  return entry && text.charCodeAt(entry.start) === 91 ? entry.start : -1
}

/**
 * The block under a text offset of the editor, if the cursor is in one.
 * Only the message under the cursor is parsed for its location: moving the
 * cursor in a multi-megabyte request stays cheap.
 */
export async function blockAtOffset(
  text: string,
  offset: number
): Promise<BlockRef | null> {
  const arrayStart = messagesArrayStart(text)
  if (arrayStart < 0 || offset <= arrayStart) return null
  const element = arrayElementAt(text, arrayStart, offset)
  if (!element) return null
  const { jsonc } = await loadJsonTools()
  const path = jsonc.getLocation(
    text.slice(element.start),
    offset - element.start
  ).path
  const blockIndex = path[0] === "content" ? path[1] : 0
  return {
    messageIndex: element.index,
    blockIndex: typeof blockIndex === "number" ? blockIndex : 0,
  }
}
