"use client"

import { useEffect, useMemo, useState } from "react"

import {
  declareCalledTools,
  selectMessages,
  TOOLS_RULE,
  toolUseIds,
  undeclaredTools,
} from "@/lib/state/compose"
import { composePlace } from "@/lib/state/compose-turns"

import { cn } from "@/components/ui/cn"
import { inputClass } from "@/components/ui/fields"

import {
  BlankConversation,
  ComposeActions,
  composeButton,
} from "./compose-actions"
import { MessageCard } from "./message-card"
import { ToolsEditor } from "./tools-editor"
import { useCompose } from "./use-compose"
import { setComposeReveal } from "../store/compose-bridge"
import { usePlaygroundStore } from "../store/playground-store-provider"

const PAGE = 40

/** The test id of a Compose place's element. */
function placeTestId(path: (string | number)[]): string | null {
  const place = composePlace(path)
  if (!place) return null
  if (place.kind === "system") return "compose.system"
  if (place.kind === "tool") return `compose.tool.${place.index}`
  const block = place.block !== undefined ? `.block.${place.block}` : ""
  return `compose.message.${place.message}${block}`
}

/** Scrolls to the place of `path` in Compose and focuses its first field; false when there is none. */
function revealPlace(
  path: (string | number)[],
  show: (messages: number) => void
): boolean {
  const id = placeTestId(path)
  const place = composePlace(path)
  if (!id || !place) return false
  if (place.kind === "message") show(place.message + 1)
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
      if (!el) return
      const section = el.closest("details")
      if (section) section.open = true // the tools list, when closed
      el.scrollIntoView({ block: "center" })
      const field = el.matches("textarea, input, select")
        ? el
        : el.querySelector<HTMLElement>("textarea, input, select")
      field?.focus({ preventScroll: true })
    })
  )
  return true
}

/** The system prompt as one text field (a block list is shown as its JSON). */
function SystemField({ system }: { system: unknown }) {
  const compose = useCompose()
  return (
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
            return e.target.value ? { ...rest, system: e.target.value } : rest
          })
        }
      />
    </label>
  )
}

/** Compose mode: system prompt, tools and messages as forms. */
export function ComposeView() {
  const request = usePlaygroundStore((s) => s.request)
  const stale = usePlaygroundStore((s) => s.parseError !== null)
  const [shown, setShown] = useState(PAGE)
  const messages = selectMessages(request)
  // Keyed on the messages array: a config change keeps it, so the memoised
  // cards skip rendering while the user types in a form.
  const toolIds = useMemo(() => toolUseIds(messages), [messages])
  const isObject =
    typeof request === "object" && request !== null && !Array.isArray(request)
  const fields = isObject ? (request as Record<string, unknown>) : {}
  useEffect(() => {
    const show = (n: number) => setShown((s) => (n > s ? n + PAGE : s))
    setComposeReveal((path) => revealPlace(path, show))
    return () => setComposeReveal(null)
  }, [])

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
      <div className="flex items-center justify-between gap-2 text-[11px] text-zinc-500">
        <span>
          Model and thinking are above; the edits are in the Edits region.
        </span>
        <BlankConversation />
      </div>
      {isObject && <SystemField system={fields.system} />}
      <ToolsRuleNotice request={request} />
      {isObject && <ToolsEditor tools={fields.tools} />}
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
          className={composeButton}
          onClick={() => setShown(shown + PAGE)}
        >
          Show {Math.min(PAGE, messages.length - shown)} more messages (of{" "}
          {messages.length})
        </button>
      )}
      <ComposeActions
        onAdded={(first, n) =>
          setShown((s) => (first + n > s ? first + n + PAGE : s))
        }
      />
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
