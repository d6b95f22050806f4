"use client"

import { useId, useState } from "react"

import { forgetKept } from "@/components/ui/kept-state"
import type { RequestOrigin } from "@/lib/state"

import { editsAreOwn } from "./own-edits"
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
  /**
   * Where the conversation came from: "keep my edits" is ticked at first
   * only when they are the user's own, not an example's untouched.
   */
  origin?: RequestOrigin | null
  /** Whether the current edits hold clear_thinking (said to be left out where the import has no thinking). */
  keepsThinkingEdit?: boolean
  /** Applies a `context_management` configuration to the current conversation (a snippet that holds only one). */
  onApplyEdits?(contextManagement: object): void
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
  origin = null,
  keepsThinkingEdit = false,
  onApplyEdits,
  contextManagement,
}: ImportDialogProps & { contextManagement?: unknown }) {
  const [ownEdits] = useState(() =>
    editsAreOwn(origin, contextManagement as { edits?: unknown } | undefined)
  )
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Import a conversation"
      testIdPrefix="import"
    >
      {/* Rendered only while open; what was typed is kept (kept-state.ts) until imported or cleared. */}
      <ImportDialogBody
        initialText={initialText ?? ""}
        onImport={onImport}
        onClose={onClose}
        editsToKeep={editsToKeep}
        ownEdits={ownEdits}
        keepsThinkingEdit={keepsThinkingEdit}
        onApplyEdits={onApplyEdits}
      />
    </ModalDialog>
  )
}

function ImportDialogBody({
  initialText,
  onImport,
  onClose,
  editsToKeep,
  ownEdits,
  keepsThinkingEdit,
  onApplyEdits,
}: {
  initialText: string
  onImport: ImportDialogProps["onImport"]
  onClose(): void
  editsToKeep: number
  ownEdits: boolean
  keepsThinkingEdit: boolean
  onApplyEdits?: ImportDialogProps["onApplyEdits"]
}) {
  const [tab, tabs] = useTabs(TABS, "paste")
  const [keepEdits, setKeepEdits] = useState(ownEdits)
  const panelId = useId()
  const finish = (
    request: object,
    summary: string,
    realUsage?: RealUsage[]
  ) => {
    forgetKept("import") // used: the next Import starts empty
    onImport(request, summary, editsToKeep > 0 && keepEdits, realUsage)
    onClose()
  }
  const applyEdits = onApplyEdits
    ? (cm: object) => {
        forgetKept("import")
        onApplyEdits(cm)
        onClose()
      }
    : undefined
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
      {editsToKeep > 0 && (
        <p
          className="-mt-1 mb-2 ml-6 text-xs text-zinc-500 dark:text-zinc-400"
          data-testid="import.keep-edits.note"
        >
          {ownEdits
            ? "They are the edits you set."
            : "They are the example's edits, not yours: left unticked, the import keeps its own configuration (or none)."}
          {keepsThinkingEdit
            ? " clear_thinking is left out when the imported conversation has no thinking (the API would refuse it)."
            : ""}
        </p>
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
            onApplyEdits={applyEdits}
          />
        ) : (
          <GeneratePanel onImport={finish} />
        )}
      </div>
    </>
  )
}
