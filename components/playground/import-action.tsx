"use client"

import { useState } from "react"

import { HEADER_BUTTON } from "./header-button"
import { LazyImportDialog as ImportDialog } from "./lazy"
import { usePlaygroundStore } from "./playground-store-provider"

/** "Import" in the header: paste, drop a file, or generate a session. */
export function ImportAction() {
  const [open, setOpen] = useState(false)
  const setRequest = usePlaygroundStore((s) => s.setRequest)
  return (
    <>
      <button
        type="button"
        data-testid="header.import"
        title="Import a transcript: Messages JSON, legacy XML tool use, curl, Claude Code JSONL, OpenAI chat — or generate one"
        className={HEADER_BUTTON}
        onClick={() => setOpen(true)}
      >
        Import
      </button>
      {open && (
        <ImportDialog
          open
          onClose={() => setOpen(false)}
          onImport={(request, summary) =>
            setRequest(request, { kind: "import", summary })
          }
        />
      )}
    </>
  )
}
