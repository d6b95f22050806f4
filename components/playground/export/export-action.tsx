"use client"

import dynamic from "next/dynamic"
import { useState } from "react"

import { HEADER_BUTTON } from "@/components/ui/header-button"

import { usePlaygroundStoreApi } from "../store/playground-store-provider"

// The dialog (and the code generators) load when first opened.
const ExportDialog = dynamic(
  () => import("./export-dialog").then((m) => m.ExportDialog),
  { ssr: false }
)

/** "Code" in the header: the request as curl, Python or TypeScript. */
export function ExportAction() {
  const store = usePlaygroundStoreApi()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={HEADER_BUTTON}
        data-testid="header.code"
        title="Export the request as curl, Python or TypeScript"
        onClick={() => setOpen(true)}
      >
        Code
      </button>
      {open && (
        <ExportDialog
          open
          onClose={() => setOpen(false)}
          request={store.getState().request}
        />
      )}
    </>
  )
}
