"use client"

import { getModelInfo } from "@/lib/context-editing"
import {
  addToolCallPair,
  selectMessages,
  toolUseIds,
} from "@/lib/state/compose"
import { addTurn, blankConversation } from "@/lib/state/compose-turns"

import { fillerText } from "./filler"
import { useCompose } from "./use-compose"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../store/playground-store-provider"

export const composeButton =
  "rounded-md border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"

/**
 * Focuses (and selects, so typing replaces it) the text field of block
 * `block` of message `message` once React has drawn it.
 */
export function focusComposeText(message: number, block = 0) {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const el = document.querySelector<HTMLTextAreaElement>(
        `[data-testid="compose.message.${message}.block.${block}.text"], [data-testid="compose.message.${message}.block.${block}.content"]`
      )
      if (!el) return
      el.scrollIntoView({ block: "center" })
      el.focus()
      el.select()
    })
  )
}

/** Whether the request's model refuses a request that ends with the assistant (a prefill). */
function refusesPrefill(request: unknown): boolean {
  const model = (request as { model?: unknown } | null)?.model
  return typeof model === "string" && getModelInfo(model).prefill === false
}

/** The buttons under the messages: each appends a valid turn. */
export function ComposeActions({
  onAdded,
}: {
  /** Called with the index of the first message added. */
  onAdded: (first: number, count: number) => void
}) {
  const compose = useCompose()
  const store = usePlaygroundStoreApi()
  const request = usePlaygroundStore((s) => s.request)
  const prefill = refusesPrefill(request)
  const add = (op: (r: unknown) => unknown, focus: boolean) => {
    const count = selectMessages(store.getState().request).length
    compose(op)
    const added = selectMessages(store.getState().request).length - count
    onAdded(count, added)
    if (focus && added > 0) focusComposeText(count)
  }
  return (
    <div className="flex flex-wrap gap-1.5 border-t border-zinc-200 pt-2 dark:border-zinc-800">
      <button
        type="button"
        className={composeButton}
        data-testid="compose.add.user"
        onClick={() => add((r) => addTurn(r, "user"), true)}
      >
        + User message
      </button>
      <button
        type="button"
        className={composeButton}
        data-testid="compose.add.assistant"
        title={
          prefill
            ? "This model refuses a request that ends with the assistant: your next message follows the reply"
            : undefined
        }
        onClick={() =>
          add(
            (r) => addTurn(r, "assistant", { prefillRejected: prefill }),
            true
          )
        }
      >
        {prefill
          ? "+ Assistant reply and your next message"
          : "+ Assistant message"}
      </button>
      <button
        type="button"
        className={composeButton}
        data-testid="compose.add.tool-call"
        onClick={() =>
          add(
            (r) =>
              addToolCallPair(
                r,
                "read_file",
                fillerText(2000, toolUseIds(r).length + 1)
              ),
            false
          )
        }
      >
        + Tool call with a 2k-token result
      </button>
    </div>
  )
}

/** "Start a blank conversation": one user message; model, thinking and edits kept (Undo brings the old one back). */
export function BlankConversation() {
  const setRequest = usePlaygroundStore((s) => s.setRequest)
  const request = usePlaygroundStore((s) => s.request)
  if (Array.isArray(request)) return null
  return (
    <button
      type="button"
      className={composeButton}
      data-testid="compose.blank"
      title="Keeps the model, max_tokens, thinking and the edits; Undo brings the current conversation back"
      onClick={() => {
        setRequest(blankConversation(request), { kind: "blank" })
        focusComposeText(0)
      }}
    >
      Start a blank conversation
    </button>
  )
}
