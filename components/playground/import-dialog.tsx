"use client"

import { useId, useState } from "react"

import { importSummary } from "@/lib/import"

import { GeneratePanel } from "./import/generate-panel"
import { PastePanel } from "./import/paste-panel"
import { ModalDialog } from "./share/modal-dialog"
import { SegmentedTabs, type TabOption } from "./share/segmented-tabs"

/** Props for `ImportDialog` (props only: the caller owns the store). */
export interface ImportDialogProps {
  open: boolean
  onClose(): void
  /** Called with a valid Messages request and a one-line summary of the import. */
  onImport(request: object, summary: string): void
  /** Text to start with (e.g. what was dropped on the page). */
  initialText?: string
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
}: ImportDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Import a conversation"
      testId="import.dialog"
      closeTestId="import.close"
    >
      {/* ModalDialog renders children only while open, so state resets on every open. */}
      <ImportDialogBody
        initialText={initialText ?? ""}
        onImport={onImport}
        onClose={onClose}
      />
    </ModalDialog>
  )
}

function ImportDialogBody({
  initialText,
  onImport,
  onClose,
}: {
  initialText: string
  onImport: ImportDialogProps["onImport"]
  onClose(): void
}) {
  const [tab, setTab] = useState<Tab>("paste")
  const panelId = useId()
  const finish = (request: object, summary: string) => {
    onImport(request, summary)
    onClose()
  }
  return (
    <>
      <SegmentedTabs<Tab>
        label="Import source"
        options={TABS}
        value={tab}
        onChange={setTab}
        controls={panelId}
      />
      <div
        id={panelId}
        role="tabpanel"
        aria-label={tab === "paste" ? "Paste or file" : "Generate"}
      >
        {tab === "paste" ? (
          <PastePanel
            initialText={initialText}
            onImport={(result) => finish(result.data, importSummary(result))}
          />
        ) : (
          <GeneratePanel onImport={finish} />
        )}
      </div>
    </>
  )
}
