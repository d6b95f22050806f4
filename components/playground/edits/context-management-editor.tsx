"use client"

import { useState } from "react"

import { cn } from "@/components/ui/cn"
import { parseJsonLocated } from "@/lib/json/parse-located"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { inputClass } from "@/components/ui/fields"

function currentCm(request: unknown): unknown {
  if (typeof request !== "object" || request === null) return undefined
  return (request as { context_management?: unknown }).context_management
}

/** The `context_management` JSON, kept in sync both ways with the forms. */
export function ContextManagementEditor() {
  const request = usePlaygroundStore((s) => s.request)
  const stale = usePlaygroundStore((s) => s.parseError !== null)
  const updateRequest = usePlaygroundStore((s) => s.updateRequest)
  const cm = currentCm(request)
  const canonical = cm === undefined ? "" : JSON.stringify(cm, null, 2)
  // While the user types here, their text wins; otherwise show the request's value.
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const text = draft ?? canonical

  return (
    <div className="border-t border-zinc-200 p-2.5 dark:border-zinc-800">
      <textarea
        aria-label="context_management JSON"
        data-testid="edits.json"
        disabled={stale}
        spellCheck={false}
        rows={Math.min(18, Math.max(4, text.split("\n").length))}
        className={cn(inputClass, "font-mono text-xs")}
        placeholder="No context_management (the field is absent)"
        value={text}
        onChange={(e) => {
          const next = e.target.value
          setDraft(next)
          if (next.trim() === "") {
            setError(null)
            updateRequest((r) => {
              const { context_management: _drop, ...rest } = r
              return rest
            })
            return
          }
          const parsed = parseJsonLocated(next)
          if (!parsed.success) {
            setError(parsed.error.message)
            return
          }
          setError(null)
          updateRequest((r) => ({ ...r, context_management: parsed.data }))
        }}
        onBlur={() => {
          if (!error) setDraft(null)
        }}
      />
      {error ? (
        <p
          role="alert"
          data-testid="edits.json.error"
          className="mt-1 text-[11px] text-red-600 dark:text-red-400"
        >
          {error} — not applied yet; the forms show the last valid value.
        </p>
      ) : (
        <p className="mt-1 text-[11px] text-zinc-500">
          Edits here update the forms and the request.
        </p>
      )}
    </div>
  )
}
