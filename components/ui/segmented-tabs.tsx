"use client"

import { useRef, useState, type KeyboardEvent } from "react"

import { arrowIndex } from "./arrow-keys"

/** One option of a `SegmentedTabs`. */
export interface TabOption<T extends string> {
  value: T
  label: string
  testId: string
}

/**
 * The selected tab of a `SegmentedTabs`, starting at `initial`: its value,
 * and the options, value and setter to spread on the tabs.
 */
export function useTabs<T extends string>(options: TabOption<T>[], initial: T) {
  const [value, setValue] = useState<T>(initial)
  const onChange = (next: T) => setValue(next)
  return [value, { options, value, onChange }] as const
}

/**
 * A row of tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys / Home /
 * End move and select, the selected tab is `aria-selected`.
 */
export function SegmentedTabs<T extends string>({
  label,
  options,
  value,
  onChange,
  controls,
}: {
  label: string
  options: TabOption<T>[]
  value: T
  onChange(value: T): void
  /** Id of the panel these tabs control. */
  controls: string
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([])

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = arrowIndex(
      event.key,
      index,
      options.length,
      "ArrowLeft",
      "ArrowRight"
    )
    if (next < 0) return
    event.preventDefault()
    const option = options[next]
    if (!option) return
    onChange(option.value)
    refs.current[next]?.focus()
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-600"
    >
      {options.map((option, index) => {
        const selected = option.value === value
        return (
          <button
            key={option.value}
            ref={(el) => {
              refs.current[index] = el
            }}
            type="button"
            role="tab"
            data-testid={option.testId}
            aria-selected={selected}
            aria-controls={controls}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`rounded px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 ${
              selected
                ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900"
                : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            }`}
          >
            {option.label}
          </button>
        )
      })}
    </div>
  )
}
