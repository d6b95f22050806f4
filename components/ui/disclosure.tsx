"use client"

import { useState, type ReactNode } from "react"

import { cn } from "./cn"

/**
 * A `<details>` whose body is rendered once first opened, so a lazily loaded
 * body (and its work) costs nothing until someone asks for it. Closing it
 * again only hides the body: what was typed there stays.
 */
export function Disclosure({
  summary,
  children,
  className,
  testId,
}: {
  summary: ReactNode
  children: ReactNode
  className?: string
  testId?: string
}) {
  const [opened, setOpened] = useState(false)
  return (
    <details
      className={cn(
        "rounded-lg border border-zinc-200 dark:border-zinc-800",
        className
      )}
      data-testid={testId}
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true)
      }}
    >
      <summary className="cursor-pointer px-2.5 py-2 text-sm font-medium select-none">
        {summary}
      </summary>
      {opened && children}
    </details>
  )
}
