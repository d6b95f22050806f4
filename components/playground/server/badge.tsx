import { cn } from "@/components/ui/cn"

/** "agrees" (green) or "differs …" (amber) next to a comparison. */
export function AgreementBadge(props: {
  agrees: boolean
  children: React.ReactNode
  testId: string
}) {
  return (
    <span
      data-testid={props.testId}
      data-agrees={props.agrees}
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium",
        props.agrees
          ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
          : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
      )}
    >
      {props.children}
    </span>
  )
}
