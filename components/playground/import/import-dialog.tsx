"use client"

import { useId, useState } from "react"

import { LabelledCheckbox } from "@/components/ui/labelled-checkbox"

import { importSummary } from "@/lib/import"
import type { RealUsage } from "@/lib/import/types"

import { GeneratePanel } from "./generate-panel"
import { PastePanel } from "./paste-panel"
import { ModalDialog } from "@/components/ui/modal-dialog"
import {
  SegmentedTabs,
  type TabOption,
  useTabs,
} from "@/components/ui/segmented-tabs"

/** Props for `ImportDialog` (props only: the caller owns the store). */
export interface ImportDialogProps {
  open: boolean
  onClose(): void
  /**
   * Called with a valid Messages request, a one-line summary of the import,
   * and whether the current edits should carry over (see `editsToKeep`).
   */
  onImport(
    request: object,
    summary: string,
    keepEdits: boolean,
    realUsage?: RealUsage[]
  ): void
  /** Text to start with (e.g. what was dropped on the page). */
  initialText?: string
  /** How many edits the current request has (0: the option is not shown). */
  editsToKeep?: number
}

type Tab = "paste" | "generate"

const TABS: TabOption<Tab>[] = [
  { value: "paste", label: "Paste or file", testId: "import.tab.paste" },
  { value: "generate", label: "Generate", testId: "import.tab.generate" },
]

/** Import a conversation (auto-detected format) or generate a synthetic one. */
export function ImportDialog({
  open,
  onClose,
  onImport,
  initialText,
  editsToKeep = 0,
}: ImportDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Import a conversation"
      testIdPrefix="import"
    >
      {/* ModalDialog renders children only while open, so state resets on every open. */}
      <ImportDialogBody
        initialText={initialText ?? ""}
        onImport={onImport}
        onClose={onClose}
        editsToKeep={editsToKeep}
      />
    </ModalDialog>
  )
}

function ImportDialogBody({
  initialText,
  onImport,
  onClose,
  editsToKeep,
}: {
  initialText: string
  onImport: ImportDialogProps["onImport"]
  onClose(): void
  editsToKeep: number
}) {
  const [tab, tabs] = useTabs(TABS, "paste")
  const [keepEdits, setKeepEdits] = useState(true)
  const panelId = useId()
  const finish = (
    request: object,
    summary: string,
    realUsage?: RealUsage[]
  ) => {
    onImport(request, summary, editsToKeep > 0 && keepEdits, realUsage)
    onClose()
  }
  return (
    <>
      <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
        The import replaces the conversation (Undo brings it back).
      </p>
      {editsToKeep > 0 && (
        <LabelledCheckbox
          className="mb-2 flex items-center gap-2 text-sm"
          testId="import.keep-edits"
          checked={keepEdits}
          onChange={setKeepEdits}
        >
          Keep my current {editsToKeep === 1 ? "edit" : `${editsToKeep} edits`}{" "}
          when the import brings none of its own
        </LabelledCheckbox>
      )}
      <SegmentedTabs label="Import source" {...tabs} controls={panelId} />
      <div
        id={panelId}
        role="tabpanel"
        aria-label={tab === "paste" ? "Paste or file" : "Generate"}
      >
        {tab === "paste" ? (
          <PastePanel
            initialText={initialText}
            onImport={(result) =>
              finish(result.data, importSummary(result), result.realUsage)
            }
          />
        ) : (
          <GeneratePanel onImport={finish} />
        )}
      </div>
    </>
  )
}
