"use client"

import { useModalDialog } from "@/components/ui/use-modal-dialog"
import { RESULT_TAB_LABELS, RESULT_TABS } from "@/lib/state/result-tabs"

// The result views' keys follow the tabs (one list: lib/state/result-tabs.ts).
const SHORTCUTS: Array<[string, string]> = [
  ["Ctrl/⌘ + Z", "Undo a change of the request or edits (outside the editor)"],
  ["Ctrl/⌘ + Shift + Z, Ctrl + Y", "Redo"],
  [
    `Alt + 1 … ${RESULT_TABS.length}`,
    `Result views: ${RESULT_TABS.map((t) => RESULT_TAB_LABELS[t]).join(", ")}`,
  ],
  [
    "Esc inside the JSON editor",
    "Leave the editor (focus moves on to the next control; Shift + Esc back)",
  ],
  ["Ctrl/⌘ + Z inside the JSON editor", "The editor's own undo"],
  [
    "Ctrl + M inside the JSON editor (Mac: Ctrl + Shift + M)",
    "Let Tab move focus instead of indenting",
  ],
  ["Ctrl/⌘ + S", "Share a permalink"],
  ["?", "This list"],
]

/** The keyboard shortcuts, in a native modal dialog. */
export function ShortcutsDialog({
  open,
  onClose,
}: {
  open: boolean
  onClose: () => void
}) {
  const ref = useModalDialog(open)
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      data-testid="shortcuts.dialog"
      className="m-auto w-[28rem] rounded-xl border border-zinc-200 bg-white p-4 text-zinc-900 shadow-2xl backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 className="text-base font-semibold">Keyboard shortcuts</h2>
      <dl className="mt-3 space-y-1.5 text-sm">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="grid grid-cols-[11rem_1fr] gap-2">
            <dt>
              <kbd className="rounded border border-zinc-300 px-1 font-mono text-xs dark:border-zinc-600">
                {keys}
              </kbd>
            </dt>
            <dd className="text-zinc-600 dark:text-zinc-300">{what}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        onClick={onClose}
        className="mt-4 rounded-md bg-zinc-900 px-3 py-1 text-sm text-white dark:bg-zinc-100 dark:text-zinc-900"
      >
        Close
      </button>
    </dialog>
  )
}
