"use client"

import { DropdownMenu } from "@/components/ui/dropdown-menu"

import { EDIT_KINDS, EDIT_TYPES } from "@/lib/context-editing"
import type { EditObject } from "@/lib/state/edits"

const CHOICES = EDIT_TYPES.map((type) => ({
  type,
  label: EDIT_KINDS[type].label,
  note: EDIT_KINDS[type].menuNote,
}))

/** "+ Add edit" with the three strategies. */
export function AddEditMenu({
  onAdd,
  existing,
  disabled,
}: {
  onAdd: (edit: EditObject) => void
  existing: string[]
  disabled: boolean
}) {
  return (
    <DropdownMenu
      button={{
        testId: "edits.add",
        label: "+ Add edit",
        disabled,
        className:
          "rounded-md border border-zinc-300 px-2 py-0.5 text-xs font-medium whitespace-nowrap hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800",
      }}
      menuClassName="absolute right-0 z-30 mt-1 w-64 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      {(close) =>
        CHOICES.map((c) => (
          <button
            key={c.type}
            type="button"
            role="menuitem"
            autoFocus={c === CHOICES[0]}
            data-testid={`edits.add.${c.type}`}
            // The API rejects the same strategy twice.
            disabled={existing.includes(c.type)}
            onClick={() => {
              onAdd({ type: c.type })
              close()
            }}
            className="block w-full rounded px-2 py-1.5 text-left hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none disabled:opacity-50 disabled:hover:bg-transparent dark:hover:bg-zinc-800 dark:focus:bg-zinc-800"
          >
            <span className="block text-sm">
              {c.label}
              {existing.includes(c.type) ? " (already added)" : ""}
            </span>
            <span className="block text-[11px] text-zinc-500">
              {existing.includes(c.type)
                ? "the API rejects a strategy sent twice"
                : c.note}
            </span>
          </button>
        ))
      }
    </DropdownMenu>
  )
}
