"use client"

import { useState } from "react"

import { cn } from "@/components/ui/cn"
import { inputClass } from "@/components/ui/fields"

const area = cn(inputClass, "font-mono text-xs leading-5")

/** A JSON field edited as text; applies only when it parses. */
export function JsonField({
  value,
  onChange,
  label,
}: {
  value: unknown
  onChange: (v: unknown) => void
  label: string
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  return (
    <div>
      <textarea
        aria-label={label}
        rows={3}
        className={area}
        spellCheck={false}
        value={draft ?? JSON.stringify(value ?? {}, null, 2)}
        onChange={(e) => {
          setDraft(e.target.value)
          try {
            onChange(JSON.parse(e.target.value))
            setError(null)
          } catch (err) {
            setError(err instanceof Error ? err.message : "Invalid JSON")
          }
        }}
        onBlur={() => !error && setDraft(null)}
      />
      {error && (
        <p role="alert" className="text-[11px] text-red-600">
          {error} — not applied yet
        </p>
      )}
    </div>
  )
}
