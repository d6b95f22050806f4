"use client"

import type { KeyboardEvent } from "react"

import { arrowIndex } from "./arrow-keys"
import { cn } from "./cn"

/**
 * An underlined row of tabs following the ARIA tabs pattern: one tab in the
 * Tab order (the selected one, roving tabindex), Left/Right arrows move to
 * the previous/next tab and select it (wrapping), Home/End to the first
 * and last. With `panelId`, each tab controls that tabpanel, which is
 * labelled by the selected tab (`tabId`).
 */
export function TabBar<T extends string>({
  label,
  tabs,
  value,
  onChange,
  testIdPrefix,
  className,
  stretch = false,
  panelId,
}: {
  label: string
  tabs: ReadonlyArray<{ id: T; label: string }>
  value: T
  onChange: (id: T) => void
  testIdPrefix: string
  className?: string
  /** Tabs share the full width (narrow-screen region switcher). */
  stretch?: boolean
  /** The id of the tabpanel the tabs show (aria-controls). */
  panelId?: string
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.id === value)
    const next = arrowIndex(e.key, at, tabs.length, "ArrowLeft", "ArrowRight")
    const tab = tabs[next]
    if (!tab) return
    e.preventDefault()
    onChange(tab.id)
    e.currentTarget
      .querySelector<HTMLElement>(`[data-testid="${testIdPrefix}.${tab.id}"]`)
      ?.focus()
  }
  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn(
        // A row too wide for a phone scrolls sideways instead of wrapping labels.
        "flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800",
        className
      )}
    >
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={panelId ? tabId(panelId, t.id) : undefined}
          aria-selected={value === t.id}
          aria-controls={panelId}
          tabIndex={value === t.id ? 0 : -1}
          data-testid={`${testIdPrefix}.${t.id}`}
          onClick={() => onChange(t.id)}
          className={cn(
            "-mb-px border-b-2 px-2.5 py-1.5 text-sm whitespace-nowrap",
            stretch && "flex-1",
            value === t.id
              ? "border-brand font-medium"
              : "border-transparent text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200"
          )}
        >
          {t.label}
        </button>
      ))}
    </div>
  )
}

/** The id of the tab `id` of the tab bar controlling `panelId`. */
export const tabId = (panelId: string, id: string) => `${panelId}-tab-${id}`
