"use client"

import { useMemo, useState } from "react"

import { describeLegacy } from "@/lib/import"
import { selectMessages } from "@/lib/state/compose"

import { usePlaygroundStore } from "../store/playground-store-provider"

const NONE: unknown[] = []

/** The request's messages; one shared empty list when it has none (a stable store selection). */
function messagesOrNone(request: unknown): unknown[] {
  const messages = selectMessages(request)
  return messages.length === 0 ? NONE : messages
}

/**
 * When a pasted request still has legacy XML tool calls inside text blocks,
 * says why context editing cannot clear them and offers the conversion.
 */
export function LegacyNotice() {
  // Only the messages can hold legacy XML: a config change keeps their
  // identity, so typing in a form does not re-scan every text.
  const messages = usePlaygroundStore((s) => messagesOrNone(s.request))
  const request = usePlaygroundStore((s) => s.request)
  const setRequest = usePlaygroundStore((s) => s.setRequest)
  const found = useMemo(() => describeLegacy({ messages }), [messages])
  const notice = found && describeLegacy(request)
  const [error, setError] = useState<string | null>(null)
  if (!notice) return null
  return (
    <div
      role="status"
      data-testid="conversation.legacy"
      className="border-b border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <p>{notice.message}</p>
      <button
        type="button"
        data-testid="conversation.legacy.convert"
        className="mt-1 rounded border border-amber-500 px-2 py-0.5 font-medium hover:bg-amber-100 dark:hover:bg-amber-900"
        onClick={() => {
          const result = notice.convert()
          if (result.success) {
            setError(null)
            setRequest(result.data, {
              kind: "import",
              summary: `Converted ${notice.count} legacy XML tool calls`,
            })
          } else setError(result.error.message)
        }}
      >
        Convert to tool_use / tool_result blocks
      </button>
      {error && (
        <p role="alert" className="mt-1 text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
