"use client"

import { type ReactNode, useRef } from "react"

import {
  EXAMPLE_FOLDER,
  EXAMPLE_FOLDER_LABEL,
} from "@/lib/generate/claude-code-log/example"

import { useFleet } from "./fleet-store"
import { type FormConfig, takeFolder } from "./fleet-take"

/** One way to pick the logs, disabled while a folder is being read. */
function SourceButton({
  testId,
  busy,
  onClick,
  children,
}: {
  testId: string
  busy: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className="rounded-md border border-zinc-300 px-2 py-1 hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
      disabled={busy}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  )
}

type Picker = {
  showDirectoryPicker?: (o?: object) => Promise<FileSystemDirectoryHandle>
}

/** Where the logs come from: a drop anywhere on the page, a folder or files picked. */
export function FleetSources({ config }: { config: FormConfig }) {
  const folder = useRef<HTMLInputElement>(null)
  const files = useRef<HTMLInputElement>(null)
  const status = useFleet((s) => s.status)
  const label = useFleet((s) => s.label)
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
          : label === EXAMPLE_FOLDER_LABEL
            ? "Shown: an example folder of generated sessions, not yours. Your own: drop a folder anywhere on this page, or"
            : "Another folder (the one shown stays here, a click away):"}
      </span>
      <SourceButton
        testId="fleet.pick-folder"
        busy={busy}
        onClick={() => folder.current?.click()}
      >
        Choose a folder…
      </SourceButton>
      <SourceButton
        testId="fleet.pick-files"
        busy={busy}
        onClick={() => files.current?.click()}
      >
        Choose .jsonl / .json files…
      </SourceButton>
      {picker && (
        <SourceButton
          testId="fleet.open-directory"
          busy={busy}
          onClick={() =>
            void picker({ id: "claude-projects", mode: "read" })
              .then((handle) => takeFolder({ kind: "handle", handle }, config))
              .catch(() => undefined)
          }
        >
          Open a folder (read-only access)…
        </SourceButton>
      )}
      <span className="w-full text-xs text-zinc-500">
        Claude Code keeps its logs in <code>~/.claude/projects</code>, a hidden
        folder: in the picker press ⌘⇧. (macOS) or Ctrl+H (Linux) to see it, or
        type the path.
      </span>
      {status === "empty" && (
        <span className="flex w-full flex-wrap items-center gap-2 text-xs text-zinc-500">
          No logs at hand?
          <SourceButton
            testId="fleet.example"
            busy={busy}
            onClick={() => void takeFolder({ kind: "example" }, config)}
          >
            Try an example folder
          </SourceButton>
          {EXAMPLE_FOLDER.sessions} generated sessions over{" "}
          {EXAMPLE_FOLDER.projects} projects (about{" "}
          {Math.round(EXAMPLE_FOLDER.totalBytes / 1e6)} MB), made in this page:
          the bill, replay and tuning your own folder would get.
        </span>
      )}
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
        accept=".jsonl,.json"
        onChange={(e) => take(e.currentTarget.files)}
      />
    </div>
  )
}
