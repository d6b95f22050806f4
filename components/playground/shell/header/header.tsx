"use client"

import type { ReactNode } from "react"

import { ThemeToggle } from "./theme-toggle"

/**
 * The page header: product name, global actions, key status, theme. The
 * actions and the key status come once the page's store is built
 * (`shell/ready-page.tsx`); before, the header is the name and the theme.
 */
export function Header({
  actions,
  status,
}: {
  actions?: ReactNode
  status?: ReactNode
}) {
  return (
    <header className="flex h-12 shrink-0 items-center gap-1 border-b border-zinc-200 px-2 min-[400px]:gap-2 sm:gap-3 sm:px-3 dark:border-zinc-800">
      <div className="flex items-center gap-2">
        <svg
          viewBox="0 0 32 32"
          className="hidden size-6 min-[400px]:block"
          aria-hidden
        >
          <rect width="32" height="32" rx="7" fill="#d97757" />
          <rect x="7" y="7" width="18" height="4" rx="1.5" fill="#fff" />
          <rect
            x="7"
            y="14"
            width="11"
            height="4"
            rx="1.5"
            fill="#fff"
            opacity=".55"
          />
          <rect x="7" y="21" width="18" height="4" rx="1.5" fill="#fff" />
        </svg>
        <h1 className="text-sm font-semibold tracking-tight whitespace-nowrap">
          <span className="sr-only sm:not-sr-only">
            Context Editing Playground
          </span>
          <span aria-hidden className="hidden min-[480px]:inline sm:hidden">
            CE Playground
          </span>
        </h1>
      </div>
      <div className="flex min-w-0 flex-1 items-center gap-0.5 min-[400px]:gap-1">
        {actions}
      </div>
      {status}
      <ThemeToggle />
    </header>
  )
}
