"use client"

import { useMemo, useState } from "react"

import {
  addMessage,
  addToolCallPair,
  declareCalledTools,
  selectMessages,
  TOOLS_RULE,
  toolUseIds,
  undeclaredTools,
} from "@/lib/state/compose"

import { cn } from "@/components/ui/cn"

import { MessageCard } from "./message-card"
import { fillerText } from "./filler"
import { useCompose } from "./use-compose"
import { inputClass } from "@/components/ui/fields"
import { usePlaygroundStore } from "../store/playground-store-provider"

const PAGE = 40

/** The buttons under the messages: each appends to the conversation. */
const ADD_ACTIONS: Array<{
  id: string
  label: string
  add: (request: unknown, toolUseCount: number) => unknown
}> = [
  { id: "user", label: "+ User message", add: (r) => addMessage(r, "user") },
  {
    id: "assistant",
    label: "+ Assistant message",
    add: (r) => addMessage(r, "assistant"),
  },
  {
    id: "tool-call",
    label: "+ Tool call with a 2k-token result",
    add: (r, toolUseCount) =>
      addToolCallPair(r, "read_file", fillerText(2000, toolUseCount + 1)),
  },
]

/** Compose mode: system prompt, tools and messages as forms. */
export function ComposeView() {
  const request = usePlaygroundStore((s) => s.request)
  const stale = usePlaygroundStore((s) => s.parseError !== null)
  const compose = useCompose()
  const [shown, setShown] = useState(PAGE)
  const messages = selectMessages(request)
  // Keyed on the messages array: a config change keeps it, so the memoised
  // cards skip rendering while the user types in a form.
  const toolIds = useMemo(() => toolUseIds(messages), [messages])
  const isObject =
    typeof request === "object" && request !== null && !Array.isArray(request)
  const system = isObject ? (request as { system?: unknown }).system : undefined
  const tools = isObject ? (request as { tools?: unknown }).tools : undefined
  const btn =
    "rounded-md border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"

  if (stale) {
    return (
      <p className="p-3 text-sm text-amber-800 dark:text-amber-200">
        The JSON has an error; switch to JSON mode to fix it (compose edits the
        last valid request).
      </p>
    )
  }
  return (
    <div
      className="absolute inset-0 space-y-3 overflow-y-auto p-3"
      data-testid="compose.view"
    >
      {isObject && (
        <label className="block">
          <span className="font-mono text-[11px] font-medium">system</span>
          <textarea
            data-testid="compose.system"
            rows={3}
            className={cn(inputClass, "mt-0.5 text-xs")}
            placeholder="System prompt (optional)"
            value={
              typeof system === "string"
                ? system
                : system === undefined
                  ? ""
                  : JSON.stringify(system)
            }
            onChange={(e) =>
              compose((r) => {
                const { system: _s, ...rest } = r as Record<string, unknown>
                return e.target.value
                  ? { ...rest, system: e.target.value }
                  : rest
              })
            }
          />
        </label>
      )}
      <ToolsRuleNotice request={request} />
      {isObject && (
        <p className="text-[11px] text-zinc-500">
          {Array.isArray(tools)
            ? `${tools.length} tools declared`
            : "No tools declared"}{" "}
          (edit them in JSON mode). Model and thinking are above.
        </p>
      )}
      <ol className="space-y-2" aria-label="Messages">
        {messages.slice(0, shown).map((m, i) => (
          <MessageCard
            key={i}
            message={m}
            index={i}
            count={messages.length}
            toolIds={toolIds}
          />
        ))}
      </ol>
      {messages.length > shown && (
        <button
          type="button"
          className={btn}
          onClick={() => setShown(shown + PAGE)}
        >
          Show {Math.min(PAGE, messages.length - shown)} more messages (of{" "}
          {messages.length})
        </button>
      )}
      <div className="flex flex-wrap gap-1.5 border-t border-zinc-200 pt-2 dark:border-zinc-800">
        {ADD_ACTIONS.map((action) => (
          <button
            key={action.id}
            type="button"
            className={btn}
            data-testid={`compose.add.${action.id}`}
            onClick={() => compose((r) => action.add(r, toolIds.length))}
          >
            {action.label}
          </button>
        ))}
      </div>
    </div>
  )
}

/**
 * Says when the request breaks the API's rule on tool definitions (in the
 * API's words) and offers to declare the tools it calls.
 */
function ToolsRuleNotice({ request }: { request: unknown }) {
  const compose = useCompose()
  const { names, noTools } = useMemo(() => undeclaredTools(request), [request])
  if (names.length === 0 && !noTools) return null
  const bare = Array.isArray(request)
  return (
    <div
      role="note"
      data-testid="compose.tools-rule"
      className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>
        The API answers 400 to this request: “{TOOLS_RULE}”
        {names.length > 0
          ? ` It calls ${names.map((n) => `“${n}”`).join(", ")} without a definition.`
          : ""}
      </p>
      {bare ? (
        <p className="mt-1">
          A bare messages array has no <code>tools</code> field: paste the whole
          request to declare them.
        </p>
      ) : names.length > 0 ? (
        <button
          type="button"
          data-testid="compose.tools-rule.declare"
          className="mt-1 rounded-md border border-amber-400 px-2 py-0.5 hover:bg-amber-100 dark:border-amber-600 dark:hover:bg-amber-900"
          onClick={() => compose(declareCalledTools)}
        >
          Declare {names.length === 1 ? "it" : "them"}
        </button>
      ) : null}
    </div>
  )
}
