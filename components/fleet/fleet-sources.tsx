"use client"

import { useRef } from "react"

import { useFleet } from "./fleet-store"
import { type FormConfig, takeFolder } from "./fleet-take"

const BUTTON =
  "rounded-md border border-zinc-300 px-2 py-1 hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"

type Picker = {
  showDirectoryPicker?: (o?: object) => Promise<FileSystemDirectoryHandle>
}

/** Where the logs come from: a drop anywhere on the page, a folder or files picked. */
export function FleetSources({ config }: { config: FormConfig }) {
  const folder = useRef<HTMLInputElement>(null)
  const files = useRef<HTMLInputElement>(null)
  const status = useFleet((s) => s.status)
  const busy = status === "listing" || status === "reading"
  const picker =
    typeof window !== "undefined"
      ? (window as unknown as Picker).showDirectoryPicker
      : undefined
  const take = (list: FileList | null) => {
    if (list && list.length > 0)
      void takeFolder({ kind: "files", files: [...list] }, config)
  }
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-lg border-2 border-dashed border-zinc-300 p-3 dark:border-zinc-700"
      data-testid="fleet.sources"
    >
      <span className="text-zinc-600 dark:text-zinc-400">
        {status === "empty"
          ? "Drop a folder anywhere on this page, or"
          : "Another folder:"}
      </span>
      <button
        type="button"
        className={BUTTON}
        disabled={busy}
        onClick={() => folder.current?.click()}
        data-testid="fleet.pick-folder"
      >
        Choose a folder…
      </button>
      <button
        type="button"
        className={BUTTON}
        disabled={busy}
        onClick={() => files.current?.click()}
        data-testid="fleet.pick-files"
      >
        Choose .jsonl files…
      </button>
      {picker && (
        <button
          type="button"
          className={BUTTON}
          disabled={busy}
          data-testid="fleet.open-directory"
          onClick={() =>
            void picker({ id: "claude-projects", mode: "read" })
              .then((handle) => takeFolder({ kind: "handle", handle }, config))
              .catch(() => undefined)
          }
        >
          Open a folder (read-only access)…
        </button>
      )}
      <span className="w-full text-xs text-zinc-500">
        Claude Code keeps its logs in <code>~/.claude/projects</code>, a hidden
        folder: in the picker press ⌘⇧. (macOS) or Ctrl+H (Linux) to see it, or
        type the path.
      </span>
      <input
        ref={folder}
        type="file"
        className="hidden"
        data-testid="fleet.folder-input"
        multiple
        {...{ webkitdirectory: "" }}
        onChange={(e) => take(e.currentTarget.files)}
      />
      <input
        ref={files}
        type="file"
        className="hidden"
        data-testid="fleet.files-input"
        multiple
        accept=".jsonl"
        onChange={(e) => take(e.currentTarget.files)}
      />
    </div>
  )
}
