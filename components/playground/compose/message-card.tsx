"use client"

import { memo } from "react"

import { blockTypesFor, type MessageRole } from "@/lib/context-editing"
import {
  addBlock,
  blocksOf,
  deleteBlock,
  deleteMessage,
  duplicateBlock,
  duplicateMessage,
  moveBlock,
  moveMessage,
  setBlocks,
  updateMessage,
} from "@/lib/state/compose"

import { BlockEditor } from "./block-editor"
import { useCompose } from "./use-compose"

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
  const sent = (message as { role?: unknown })?.role
  const role = sent === "assistant" || sent === "system" ? sent : "user"
  const blocks = blocksOf(message)
  const t = `compose.message.${index}`
  return (
    <li
      data-testid={t}
      className="rounded-lg border border-zinc-200 p-2 dark:border-zinc-800"
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
            className="rounded-md bg-zinc-50 p-1.5 dark:bg-zinc-900/60"
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
                onDelete={() => compose((r) => deleteBlock(r, index, b))}
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
          </li>
        ))}
      </ul>
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
}: {
  what: string
  isFirst: boolean
  isLast: boolean
  onMove: (by: -1 | 1) => void
  onDuplicate: () => void
  onDelete: () => void
  deleteTestId?: string
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
        aria-label={`Delete ${what}`}
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
  const t = `compose.message.${index}`
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {BLOCK_TYPES[role].common.map((type) => (
        <button
          key={type}
          type="button"
          data-testid={`${t}.add.${type}`}
          onClick={() => compose((r) => addBlock(r, index, type))}
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
            if (type) compose((r) => addBlock(r, index, type))
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
