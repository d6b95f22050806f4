import { URL_LENGTH_WARNINGS } from "@/lib/share"

/** The warning for a link of `length` characters, or null when it travels anywhere. */
export function linkLengthWarning(length: number): string | null {
  if (length > URL_LENGTH_WARNINGS.addressBar) {
    return "Too long for chat apps like Discord, and for Firefox history. Chromium's address bar won't display it fully."
  }
  if (length > URL_LENGTH_WARNINGS.chatApps) {
    return "Too long for chat apps like Discord, and for Firefox history."
  }
  return null
}

/** Live character count of the link, with a warning past 2,000 and 32,000. */
export function SizeMeter({ length }: { length: number }) {
  const warning = linkLengthWarning(length)
  const level =
    length > URL_LENGTH_WARNINGS.addressBar
      ? "bg-red-600"
      : length > URL_LENGTH_WARNINGS.chatApps
        ? "bg-amber-500"
        : "bg-emerald-600"
  // Log scale, so 500, 5,000 and 50,000 characters are all visibly different.
  const fill = Math.min(100, (Math.log10(Math.max(length, 1)) / 5) * 100)
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <div
          className="h-1.5 w-32 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
          aria-hidden="true"
        >
          <div className={`h-full ${level}`} style={{ width: `${fill}%` }} />
        </div>
        <span
          data-testid="share.size"
          className="text-sm text-zinc-700 tabular-nums dark:text-zinc-300"
        >
          {length.toLocaleString("en-US")} characters
        </span>
      </div>
      {warning ? (
        <p
          data-testid="share.warning"
          className="text-sm text-amber-800 dark:text-amber-300"
        >
          {warning}
        </p>
      ) : null}
    </div>
  )
}
