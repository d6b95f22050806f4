"use client"

import type { ReactNode } from "react"

import { cn } from "@/components/ui/cn"

import { formatTokens } from "@/lib/anthropic/compare"
import type {
  StreamBlock,
  StreamSnapshot,
} from "@/lib/anthropic/stream-accumulator"

/** Characters of one block the page lays out; a longer one shows its start and end. */
const SHOWN_CHARS = 100_000

/**
 * A block's text as shown: laying out megabytes of text in one element
 * takes the page seconds (a runaway reply can reach 32 MB), so the middle
 * of a very long text is left out, with a count.
 */
export function clipForDisplay(text: string, max = SHOWN_CHARS): string {
  if (text.length <= max) return text
  const half = Math.floor(max / 2)
  const hidden = text.length - 2 * half
  return `${text.slice(0, half)}\n\n… ${formatTokens(hidden)} characters not shown …\n\n${text.slice(-half)}`
}

function toolInput(block: Extract<StreamBlock, { kind: "tool_use" }>) {
  if (block.done && block.input !== undefined) {
    return clipForDisplay(JSON.stringify(block.input, null, 2))
  }
  return clipForDisplay(block.inputJson) || "…"
}

/** A block's text folded under its summary line (`muted` for thinking). */
function Folded({
  text,
  muted = false,
  children,
}: {
  text: string
  muted?: boolean
  children: ReactNode
}) {
  return (
    <details className="rounded border border-zinc-200 p-2 dark:border-zinc-800">
      <summary className="cursor-pointer text-xs text-zinc-500">
        {children}
      </summary>
      <p
        className={cn(
          "mt-1 text-sm whitespace-pre-wrap",
          muted && "text-zinc-600 dark:text-zinc-400"
        )}
      >
        {clipForDisplay(text)}
      </p>
    </details>
  )
}

function Block({ block }: { block: StreamBlock }) {
  switch (block.kind) {
    case "thinking":
      return (
        <Folded text={block.text} muted>
          Thinking ({formatTokens(block.text.length)} characters
          {block.signed ? ", signed" : ""})
        </Folded>
      )
    case "redacted_thinking":
      return <p className="text-xs text-zinc-500">Redacted thinking block</p>
    case "text":
      return (
        <p className="text-sm whitespace-pre-wrap">
          {clipForDisplay(block.text)}
        </p>
      )
    case "tool_use":
      return (
        <div className="rounded border border-zinc-200 p-2 dark:border-zinc-800">
          <p className="text-xs text-zinc-500">
            Tool call <span className="font-mono">{block.name}</span>
            {block.done ? "" : " (arriving…)"}
          </p>
          <pre className="mt-1 overflow-x-auto font-mono text-xs">
            {toolInput(block)}
          </pre>
        </div>
      )
    case "compaction":
      return <Folded text={block.text}>Compaction summary</Folded>
    case "other":
      return (
        <p className="text-xs text-zinc-500">
          <span className="font-mono">{block.type}</span> block
        </p>
      )
  }
}

/**
 * The server's input tokens. With prompt caching the API's `input_tokens`
 * is only what follows the cached prefix: the total is that plus what was
 * read from and written to the cache (DOC S-PC).
 */
function inputLine(s: StreamSnapshot): string {
  const input = s.inputTokens ?? 0
  const read = s.cacheReadTokens ?? 0
  const written = s.cacheWriteTokens ?? 0
  if (read === 0 && written === 0)
    return `${formatTokens(input)} input tokens (server)`
  return `${formatTokens(input + read + written)} input tokens (server: ${formatTokens(read)} read from the cache, ${formatTokens(written)} written to it, ${formatTokens(input)} uncached)`
}

/** The streamed reply, rendered as it arrives. */
export function StreamView({ snapshot }: { snapshot: StreamSnapshot }) {
  const streaming = snapshot.status === "streaming"
  return (
    <div
      data-testid="server.stream"
      data-status={snapshot.status}
      aria-busy={streaming}
      className="space-y-2"
    >
      {snapshot.blocks.length === 0 && streaming && (
        <p className="text-sm text-zinc-500">Waiting for the first tokens…</p>
      )}
      {snapshot.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
      <p className="text-xs text-zinc-500" data-testid="server.usage">
        {[
          snapshot.stopReason && `stop_reason: ${snapshot.stopReason}`,
          snapshot.inputTokens !== null && inputLine(snapshot),
          snapshot.outputTokens !== null &&
            `${formatTokens(snapshot.outputTokens)} output tokens`,
          snapshot.retries > 0 && `retried ${snapshot.retries}×`,
          snapshot.betas.length > 0 && `betas: ${snapshot.betas.join(", ")}`,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
    </div>
  )
}
