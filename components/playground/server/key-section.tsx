"use client"

import { useEffect, useId, useRef } from "react"

import { cn } from "@/components/ui/cn"
import { LabelledCheckbox } from "@/components/ui/labelled-checkbox"

/** What the page knows about the server's own key. */
export type ServerKeyStatus = "checking" | "present" | "absent" | "unknown"

const STATUS_TEXT: Record<ServerKeyStatus, string> = {
  checking: "Checking the server…",
  present: "Server key: configured (ANTHROPIC_API_KEY)",
  absent: "Server key: not configured",
  unknown: "Server key: unknown (could not reach /api/status)",
}

/**
 * The key field's ref. The input is uncontrolled on purpose: React writes a
 * controlled input's value into its `value` attribute too, where the DOM
 * (devtools, extensions, a saved page, `outerHTML`) would show the key.
 * The key is written to the element's `value` property only.
 */
function useKeyInput(apiKey: string) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const input = ref.current
    if (input && input.value !== apiKey) input.value = apiKey
  }, [apiKey])
  return ref
}

/** Server key status, the optional typed key, and what a key is for. */
export function KeySection(props: {
  status: ServerKeyStatus
  apiKey: string
  remember: boolean
  onApiKeyChange: (key: string) => void
  onRememberChange: (remember: boolean) => void
  onClear: () => void
}) {
  const inputId = useId()
  const helpId = useId()
  const hasAnyKey = props.status === "present" || props.apiKey.trim() !== ""
  const keyInput = useKeyInput(props.apiKey)

  return (
    <section aria-label="API key" className="space-y-2">
      <p
        data-testid="server.status"
        data-server-key={props.status}
        className="flex items-center gap-2 text-sm"
      >
        <span
          aria-hidden
          className={cn(
            "inline-block size-2 rounded-full",
            props.status === "present" && "bg-emerald-500",
            props.status === "absent" && "bg-zinc-400",
            (props.status === "checking" || props.status === "unknown") &&
              "bg-amber-400"
          )}
        />
        {STATUS_TEXT[props.status]}
      </p>

      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium">
          Your API key{" "}
          <span className="font-normal text-zinc-500">
            (optional
            {props.status === "present" ? "; overrides the server's" : ""})
          </span>
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="sk-ant-…"
            aria-describedby={helpId}
            data-testid="server.key-input"
            ref={keyInput}
            onChange={(e) => props.onApiKeyChange(e.target.value)}
            className="min-w-0 flex-1 rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          {props.apiKey && (
            <button
              type="button"
              onClick={props.onClear}
              className="rounded border border-zinc-300 px-2 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              Clear
            </button>
          )}
        </div>
        <LabelledCheckbox
          className="flex items-center gap-2 text-sm"
          checked={props.remember}
          onChange={props.onRememberChange}
        >
          Remember for this tab
        </LabelledCheckbox>
        <p id={helpId} className="text-xs text-zinc-500">
          Kept in this page&apos;s memory
          {props.remember
            ? " and in this tab's sessionStorage (gone when the tab closes)"
            : " only (gone on reload)"}
          . Sent only to this playground&apos;s server, in a request header —
          never in links, share URLs or localStorage.
        </p>
      </div>

      {!hasAnyKey && props.status !== "checking" && (
        <div
          data-testid="server.no-key"
          className="rounded border border-sky-200 bg-sky-50 p-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
        >
          <p className="font-medium">The simulation works without a key.</p>
          <p>
            A key adds exact server token counts (count_tokens, free) and a real
            run whose <code>applied_edits</code> you can compare with the
            prediction. Set <code>ANTHROPIC_API_KEY</code> on the server, or
            type a key above.
          </p>
        </div>
      )}
    </section>
  )
}
