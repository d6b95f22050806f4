"use client"

import type { BlockRef } from "@/lib/state"

import { revealBlockInEditor } from "../store/editor-bridge"
import { usePlaygroundStoreApi } from "../store/playground-store-provider"

/**
 * "message 4, block 0" as a link: selects that block in the Blocks view and
 * in the JSON, as clicking its row does (the views stay linked).
 */
export function BlockLink({
  at,
  testId,
  label,
}: {
  at: BlockRef
  testId?: string
  /** Text instead of "message N, block M". */
  label?: string
}) {
  const store = usePlaygroundStoreApi()
  return (
    <button
      type="button"
      data-testid={testId}
      title="Show this block in Blocks and in the JSON"
      className="underline decoration-dotted underline-offset-2 hover:text-sky-700 dark:hover:text-sky-400"
      onClick={() => {
        const s = store.getState()
        const ref = { messageIndex: at.messageIndex, blockIndex: at.blockIndex }
        // An unchanged block may sit in a collapsed run: show those too.
        s.setShowUnchanged(true)
        s.selectBlock(ref)
        s.setResultTab("blocks")
        revealBlockInEditor(s.requestText, ref)
      }}
    >
      {label ?? `message ${at.messageIndex}, block ${at.blockIndex}`}
    </button>
  )
}
