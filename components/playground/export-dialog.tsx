"use client"

import { useId, useMemo, useState } from "react"

import {
  exportCode,
  type ExportLanguage,
  type ExportTarget,
} from "@/lib/export"

import { CopyButton } from "./share/copy-button"
import { ModalDialog } from "./share/modal-dialog"
import { SegmentedTabs, type TabOption } from "./share/segmented-tabs"

/** Props for `ExportDialog`. */
export interface ExportDialogProps {
  open: boolean
  onClose(): void
  /** The Messages API request body (anything else shows a hint instead of code). */
  request: unknown
}

const LANGUAGES: TabOption<ExportLanguage>[] = [
  { value: "curl", label: "curl", testId: "export.lang.curl" },
  { value: "python", label: "Python", testId: "export.lang.python" },
  {
    value: "typescript",
    label: "TypeScript",
    testId: "export.lang.typescript",
  },
]

const TARGETS: TabOption<ExportTarget>[] = [
  { value: "messages", label: "Messages", testId: "export.target.messages" },
  {
    value: "count_tokens",
    label: "Count tokens",
    testId: "export.target.count_tokens",
  },
]

/** Code export: the request as curl / Python / TypeScript, for messages or count_tokens. */
export function ExportDialog({ open, onClose, request }: ExportDialogProps) {
  const [language, setLanguage] = useState<ExportLanguage>("curl")
  const [target, setTarget] = useState<ExportTarget>("messages")
  const panelId = useId()
  const code = useMemo(
    () => (open ? exportCode(request, { language, target }) : ""),
    [open, request, language, target]
  )

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Export code"
      testId="export.dialog"
      closeTestId="export.close"
    >
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedTabs<ExportLanguage>
          label="Language"
          options={LANGUAGES}
          value={language}
          onChange={setLanguage}
          controls={panelId}
        />
        <SegmentedTabs<ExportTarget>
          label="Endpoint"
          options={TARGETS}
          value={target}
          onChange={setTarget}
          controls={panelId}
        />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The API key is read from{" "}
        <code className="font-mono">ANTHROPIC_API_KEY</code>; it is never part
        of the code.
      </p>
      <div id={panelId} role="tabpanel" className="relative">
        <pre
          data-testid="export.code"
          tabIndex={0}
          aria-label={`${language} code for ${target}`}
          className="max-h-[50dvh] overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        >
          {code}
        </pre>
      </div>
      <div>
        <CopyButton text={code} testId="export.copy" label="Copy code" />
      </div>
    </ModalDialog>
  )
}
