"use client"

import { memo } from "react"

import {
  blockTypesFor,
  type MessageRole,
  type SimulateError,
} from "@/lib/context-editing"
import {
  addBlock,
  blocksOf,
  deleteMessage,
  duplicateBlock,
  duplicateMessage,
  moveBlock,
  moveMessage,
  selectMessages,
  setBlocks,
  updateMessage,
} from "@/lib/state/compose"
import {
  addToolResult,
  addToolUse,
  composePlace,
  deleteBlockAndPair,
} from "@/lib/state/compose-turns"
import { selectSimulation } from "@/lib/state/selectors"

import { BlockEditor } from "./block-editor"
import { focusComposeText } from "./compose-actions"
import { useCompose } from "./use-compose"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../store/playground-store-provider"

// The commonest types get a button; every other type the role may hold
// (from the engine's one list) is in the "more" menu.
const COMMON: Record<MessageRole, string[]> = {
  user: ["text", "tool_result", "image"],
  // A mid-conversation system message (Opus 4.8 and later).
  system: ["text"],
  assistant: [
    "text",
    "thinking",
    "redacted_thinking",
    "tool_use",
    "server_tool_use",
    "web_search_tool_result",
  ],
}
const BLOCK_TYPES = Object.fromEntries(
  (["user", "assistant", "system"] as const).map((role) => {
    const all = blockTypesFor(role)
    return [
      role,
      {
        common: COMMON[role].filter((t) => all.includes(t)),
        more: all.filter((t) => !COMMON[role].includes(t)),
      },
    ]
  })
) as Record<MessageRole, { common: string[]; more: string[] }>

/** The API error when it points into message `index` (null otherwise): the card shows it at the block. */
function useMessageError(index: number): SimulateError | null {
  return usePlaygroundStore((s) => {
    const sim = selectSimulation(s)
    if (!sim || sim.ok) return null
    const place = composePlace(sim.error.path)
    return place?.kind === "message" && place.message === index
      ? sim.error
      : null
  })
}

/** The API's 400 where it applies, in the card. */
function CardError({ error }: { error: SimulateError }) {
  return (
    <p
      role="alert"
      data-testid="compose.error"
      className="mt-1 rounded bg-red-50 px-1.5 py-1 text-[11px] text-red-800 dark:bg-red-950/60 dark:text-red-200"
    >
      The API would answer 400 here: {error.message}
    </p>
  )
}

const iconBtn =
  "rounded px-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-30 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"

/** One message: role, order controls, its blocks and "+ block". */
export const MessageCard = memo(function MessageCard({
  message,
  index,
  count,
  toolIds,
}: {
  message: unknown
  index: number
  count: number
  toolIds: string[]
}) {
  const compose = useCompose()
  const error = useMessageError(index)
  const errorBlock = error ? composePlace(error.path) : null
  const atBlock = errorBlock?.kind === "message" ? errorBlock.block : undefined
  const sent = (message as { role?: unknown })?.role
  const role = sent === "assistant" || sent === "system" ? sent : "user"
  const blocks = blocksOf(message)
  const t = `compose.message.${index}`
  return (
    <li
      data-testid={t}
      data-invalid={error ? "true" : undefined}
      className={
        error
          ? "rounded-lg border border-red-400 p-2 dark:border-red-700"
          : "rounded-lg border border-zinc-200 p-2 dark:border-zinc-800"
      }
    >
      <div className="flex items-center gap-1 text-xs">
        <select
          aria-label={`Role of message ${index}`}
          data-testid={`${t}.role`}
          value={role}
          onChange={(e) =>
            compose((r) =>
              updateMessage(r, index, {
                ...(message as object),
                role: e.target.value,
              })
            )
          }
          className="rounded border border-zinc-300 bg-white px-1 py-0.5 font-medium dark:border-zinc-700 dark:bg-zinc-900"
        >
          <option value="user">user</option>
          <option value="assistant">assistant</option>
          <option value="system">system</option>
        </select>
        <span className="text-zinc-500">message {index}</span>
        <span className="ml-auto" />
        <OrderControls
          what={`message ${index}`}
          isFirst={index === 0}
          isLast={index === count - 1}
          onMove={(by) => compose((r) => moveMessage(r, index, index + by))}
          onDuplicate={() => compose((r) => duplicateMessage(r, index))}
          onDelete={() => compose((r) => deleteMessage(r, index))}
          deleteTestId={`${t}.delete`}
        />
      </div>
      <ul className="mt-1 space-y-1.5">
        {blocks.map((block, b) => (
          <li
            key={b}
            data-testid={`${t}.block.${b}`}
            data-invalid={atBlock === b ? "true" : undefined}
            className={
              atBlock === b
                ? "rounded-md bg-red-50/60 p-1.5 ring-1 ring-red-400 dark:bg-red-950/40"
                : "rounded-md bg-zinc-50 p-1.5 dark:bg-zinc-900/60"
            }
          >
            <div className="mb-1 flex items-center gap-1 text-[11px]">
              <span className="font-mono font-medium">{block.type}</span>
              <span className="ml-auto" />
              <OrderControls
                what="block"
                isFirst={b === 0}
                isLast={b === blocks.length - 1}
                onMove={(by) => compose((r) => moveBlock(r, index, b, b + by))}
                onDuplicate={() => compose((r) => duplicateBlock(r, index, b))}
                onDelete={() => compose((r) => deleteBlockAndPair(r, index, b))}
                deleteLabel={
                  block.type === "tool_use"
                    ? "Delete this tool call and its result"
                    : block.type === "tool_result"
                      ? "Delete this tool result and its call"
                      : undefined
                }
              />
            </div>
            <BlockEditor
              block={block}
              toolIds={toolIds}
              testId={`${t}.block.${b}`}
              onChange={(next) =>
                compose((r) =>
                  setBlocks(
                    r,
                    index,
                    blocks.map((x, i) => (i === b ? next : x))
                  )
                )
              }
            />
            {atBlock === b && error && <CardError error={error} />}
          </li>
        ))}
      </ul>
      {error && atBlock === undefined && <CardError error={error} />}
      <AddBlockRow role={role} index={index} />
    </li>
  )
})

/** ↑ ↓ ⧉ ✕ for a message or a block; labels name what they act on ("Move block up"). */
function OrderControls({
  what,
  isFirst,
  isLast,
  onMove,
  onDuplicate,
  onDelete,
  deleteTestId,
  deleteLabel,
}: {
  what: string
  isFirst: boolean
  isLast: boolean
  onMove: (by: -1 | 1) => void
  onDuplicate: () => void
  onDelete: () => void
  deleteTestId?: string
  deleteLabel?: string
}) {
  return (
    <>
      <button
        type="button"
        className={iconBtn}
        disabled={isFirst}
        aria-label={`Move ${what} up`}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className={iconBtn}
        disabled={isLast}
        aria-label={`Move ${what} down`}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
      <button
        type="button"
        className={iconBtn}
        aria-label={`Duplicate ${what}`}
        onClick={onDuplicate}
      >
        ⧉
      </button>
      <button
        type="button"
        className={iconBtn}
        aria-label={deleteLabel ?? `Delete ${what}`}
        title={deleteLabel}
        data-testid={deleteTestId}
        onClick={onDelete}
      >
        ✕
      </button>
    </>
  )
}

/** "+ text", "+ tool_result"… and the "more" menu under a message. */
function AddBlockRow({ role, index }: { role: MessageRole; index: number }) {
  const compose = useCompose()
  const store = usePlaygroundStoreApi()
  const t = `compose.message.${index}`
  const add = (type: string) => {
    compose((r) =>
      type === "tool_use"
        ? addToolUse(r, index)
        : type === "tool_result"
          ? addToolResult(r, index)
          : addBlock(r, index, type)
    )
    if (type === "text") {
      const message = selectMessages(store.getState().request)[index]
      focusComposeText(index, blocksOf(message).length - 1)
    }
  }
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {BLOCK_TYPES[role].common.map((type) => (
        <button
          key={type}
          type="button"
          data-testid={`${t}.add.${type}`}
          onClick={() => add(type)}
          className="rounded border border-dashed border-zinc-300 px-1.5 py-px font-mono text-[10px] text-zinc-600 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-900"
        >
          + {type}
        </button>
      ))}
      {BLOCK_TYPES[role].more.length > 0 && (
        <select
          aria-label={`Add another block type to message ${index}`}
          data-testid={`${t}.add.more`}
          value=""
          onChange={(e) => {
            const type = e.target.value
            if (type) add(type)
          }}
          className="rounded border border-dashed border-zinc-300 bg-transparent px-1 py-px font-mono text-[10px] text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
        >
          <option value="">+ more…</option>
          {BLOCK_TYPES[role].more.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      )}
    </div>
  )
}
