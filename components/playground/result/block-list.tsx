"use client"

import { useCallback, useMemo, useState } from "react"

import { LabelledCheckbox } from "@/components/ui/labelled-checkbox"

import type {
  BlockOutcome,
  MessageRole,
  SimulateSuccess,
} from "@/lib/context-editing"
import type { BlockRef } from "@/lib/state"

import { revealBlockInEditor } from "../store/editor-bridge"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../store/playground-store-provider"
import { BlockRow } from "./block-row"

type Item =
  | {
      kind: "message"
      messageIndex: number
      role: MessageRole
      blocks: BlockOutcome[]
    }
  | { kind: "collapsed"; from: number; to: number; blocks: number }

const PAGE = 250
// Shorter runs of untouched blocks stay visible: folding them hides more than it saves.
const MIN_FOLD_BLOCKS = 8

/** The role badge's colours. */
const ROLE_CHIP: Record<MessageRole, string> = {
  user: "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
  assistant:
    "bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-100",
  system:
    "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
}

/** Groups outcomes by message and folds runs of untouched messages. */
function buildItems(blocks: BlockOutcome[], showUnchanged: boolean): Item[] {
  const messages: Array<Extract<Item, { kind: "message" }>> = []
  for (const b of blocks) {
    const last = messages.at(-1)
    if (last && last.messageIndex === b.messageIndex) last.blocks.push(b)
    else
      messages.push({
        kind: "message",
        messageIndex: b.messageIndex,
        role: b.role,
        blocks: [b],
      })
  }
  if (showUnchanged) return messages
  const items: Item[] = []
  let run: typeof messages = []
  const flush = () => {
    const blocks = run.reduce((n, m) => n + m.blocks.length, 0)
    if (run.length >= 2 && blocks >= MIN_FOLD_BLOCKS) {
      items.push({
        kind: "collapsed",
        from: run[0]?.messageIndex ?? 0,
        to: run.at(-1)?.messageIndex ?? 0,
        blocks,
      })
    } else items.push(...run)
    run = []
  }
  for (const m of messages) {
    if (m.blocks.every((b) => b.status === "kept")) run.push(m)
    else {
      flush()
      items.push(m)
    }
  }
  flush()
  return items
}

/**
 * The first items holding at most `limit` rows (large diffs render in
 * pages). A message with more blocks than that is cut inside, so one
 * message of 50,000 tiny blocks renders a page of rows, not 50,000.
 */
function firstPage(items: Item[], limit: number) {
  const visible: Item[] = []
  let rows = 0
  for (const item of items) {
    if (rows >= limit) return { visible, truncated: true }
    if (item.kind === "collapsed") {
      visible.push(item)
      rows += 1
      continue
    }
    const room = limit - rows
    if (item.blocks.length > room) {
      visible.push({ ...item, blocks: item.blocks.slice(0, room) })
      return { visible, truncated: true }
    }
    visible.push(item)
    rows += item.blocks.length
  }
  return { visible, truncated: false }
}

function messagesOf(request: unknown): unknown {
  if (Array.isArray(request)) return request
  if (typeof request === "object" && request !== null)
    return (request as { messages?: unknown }).messages
  return undefined
}

/** The block-level before/after diff: every message and block with its outcome. */
export function BlockList({
  sim,
  original,
}: {
  sim: SimulateSuccess
  original: unknown
}) {
  const store = usePlaygroundStoreApi()
  const showUnchanged = usePlaygroundStore((s) => s.showUnchanged)
  const setShowUnchanged = usePlaygroundStore((s) => s.setShowUnchanged)
  const selected = usePlaygroundStore((s) => s.selectedBlock)
  const [limit, setLimit] = useState(PAGE)
  const items = useMemo(
    () => buildItems(sim.blocks, showUnchanged),
    [sim.blocks, showUnchanged]
  )
  const { visible, truncated } = firstPage(items, limit)
  // Rows get the messages array, not the whole request: a config change
  // keeps its identity, so rows whose outcome did not change skip rendering.
  const messages = messagesOf(original)
  // Stable, so unchanged rows (same outcome object) skip re-rendering.
  const onSelect = useCallback(
    (ref: BlockRef) => {
      store.getState().selectBlock(ref)
      revealBlockInEditor(store.getState().requestText, ref)
    },
    [store]
  )

  return (
    <div data-testid="diff.view">
      <div className="mb-2 flex items-center gap-2 text-xs text-zinc-500">
        <LabelledCheckbox
          className="flex items-center gap-1"
          testId="diff.show-unchanged"
          checked={showUnchanged}
          onChange={setShowUnchanged}
        >
          show unchanged messages
        </LabelledCheckbox>
        <span className="ml-auto">Click a block to select it in the JSON.</span>
      </div>
      <ol
        className="space-y-1.5"
        aria-label="Messages and blocks after the edits"
      >
        {visible.map((item) => {
          if (item.kind === "collapsed") {
            return (
              <li key={`c${item.from}`}>
                <button
                  type="button"
                  data-testid="diff.collapsed"
                  onClick={() => setShowUnchanged(true)}
                  className="w-full rounded border border-dashed border-zinc-300 px-2 py-1 text-left text-xs text-zinc-500 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
                >
                  … {item.blocks} unchanged blocks in messages {item.from}–
                  {item.to} — show
                </button>
              </li>
            )
          }
          return (
            <li
              key={`m${item.messageIndex}`}
              data-testid={`diff.message.${item.messageIndex}`}
            >
              <div className="mb-0.5 flex items-center gap-2 text-[11px] text-zinc-500">
                <span
                  className={`rounded px-1.5 font-medium ${ROLE_CHIP[item.role]}`}
                >
                  {item.role}
                </span>
                message {item.messageIndex}
              </div>
              <ul className="space-y-px">
                {item.blocks.map((b) => (
                  <BlockRow
                    key={b.blockIndex}
                    outcome={b}
                    original={messages}
                    selected={
                      selected?.messageIndex === b.messageIndex &&
                      selected.blockIndex === b.blockIndex
                    }
                    onSelect={onSelect}
                  />
                ))}
              </ul>
            </li>
          )
        })}
      </ol>
      {truncated && (
        <button
          type="button"
          className="mt-2 rounded border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700"
          onClick={() => setLimit(limit + PAGE)}
        >
          Show more blocks
        </button>
      )}
    </div>
  )
}
