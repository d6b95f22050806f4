"use client"

import { findNodeAtLocation, getLocation, parseTree } from "jsonc-parser"

import type { JsonEditorApi } from "@/components/monaco/json-editor"
import type { BlockRef } from "@/lib/state"

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

/** The block under a text offset of the editor, if the cursor is in one. */
export function blockAtOffset(text: string, offset: number): BlockRef | null {
  const path = getLocation(text, offset).path
  const start =
    path[0] === "messages" ? 1 : typeof path[0] === "number" ? 0 : -1
  if (start < 0) return null
  const messageIndex = path[start]
  if (typeof messageIndex !== "number") return null
  const blockIndex = path[start + 1] === "content" ? path[start + 2] : 0
  return {
    messageIndex,
    blockIndex: typeof blockIndex === "number" ? blockIndex : 0,
  }
}
