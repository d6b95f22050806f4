"use client"

import { cn } from "./cn"

/** An underlined row of tabs (ARIA tablist), one selected. */
export function TabBar<T extends string>({
  label,
  tabs,
  value,
  onChange,
  testIdPrefix,
  className,
  stretch = false,
}: {
  label: string
  tabs: ReadonlyArray<{ id: T; label: string }>
  value: T
  onChange: (id: T) => void
  testIdPrefix: string
  className?: string
  /** Tabs share the full width (narrow-screen region switcher). */
  stretch?: boolean
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
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
          aria-selected={value === t.id}
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
