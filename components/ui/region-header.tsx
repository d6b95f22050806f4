import type { ReactNode } from "react"

import { cn } from "@/components/ui/cn"

/**
 * The title bar atop each workspace region (Conversation, Edits, Result): an
 * uppercase heading, then that region's own controls.
 */
export function RegionHeader({
  title,
  keepTitleWidth = false,
  children,
}: {
  title: string
  /** The heading never shrinks (when the controls beside it may be wide). */
  keepTitleWidth?: boolean
  children?: ReactNode
}) {
  return (
    <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-1.5 dark:border-zinc-800">
      <h2
        className={cn(
          keepTitleWidth && "shrink-0",
          "text-xs font-semibold tracking-wide text-zinc-500 uppercase"
        )}
      >
        {title}
      </h2>
      {children}
    </div>
  )
}
