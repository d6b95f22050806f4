/**
 * The header's text buttons (Examples, Import, Share, Code, undo/redo,
 * Reset): one line at any width, tighter padding below `sm`.
 */
export const HEADER_BUTTON =
  "rounded-md px-1 py-1 text-sm whitespace-nowrap hover:bg-zinc-100 disabled:opacity-40 min-[400px]:px-1.5 sm:px-2 dark:hover:bg-zinc-800"
