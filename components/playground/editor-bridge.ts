"use client"

import { findNodeAtLocation, getLocation, parseTree } from "jsonc-parser"

import type { JsonEditorApi } from "@/components/monaco/json-editor"
import { arrayElementAt } from "@/lib/json/common-ends"
import type { BlockRef } from "@/lib/state"
import { topLevelEntries } from "@/lib/state/incremental-parse"

// The mounted request editor, so the block list can select a block's JSON.
let api: JsonEditorApi | null = null

export function setEditorApi(next: JsonEditorApi | null) {
  api = next
}

/** Selects `messages[i].content[j]` (or the whole message) in the editor. */
export function revealBlockInEditor(text: string, ref: BlockRef): boolean {
  if (!api) return false
  const root = parseTree(text)
  if (!root) return false
  const base = root.type === "array" ? [] : ["messages"]
  const node =
    findNodeAtLocation(root, [
      ...base,
      ref.messageIndex,
      "content",
      ref.blockIndex,
    ]) ?? findNodeAtLocation(root, [...base, ref.messageIndex])
  if (!node) return false
  api.select(node.offset, node.length)
  return true
}

/** Selects the value at a JSON path (or its closest existing parent) in the editor. */
export function revealPathInEditor(
  text: string,
  path: (string | number)[]
): boolean {
  if (!api) return false
  const root = parseTree(text)
  if (!root) return false
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, path.slice(0, n))
    if (node) {
      api.select(node.offset, node.length)
      return true
    }
  }
  return false
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
export function blockAtOffset(text: string, offset: number): BlockRef | null {
  const arrayStart = messagesArrayStart(text)
  if (arrayStart < 0 || offset <= arrayStart) return null
  const element = arrayElementAt(text, arrayStart, offset)
  if (!element) return null
  const path = getLocation(
    text.slice(element.start),
    offset - element.start
  ).path
  const blockIndex = path[0] === "content" ? path[1] : 0
  return {
    messageIndex: element.index,
    blockIndex: typeof blockIndex === "number" ? blockIndex : 0,
  }
}
