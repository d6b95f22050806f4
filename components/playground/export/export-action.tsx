"use client"

import dynamic from "next/dynamic"

import { HeaderDialog } from "@/components/ui/header-button"

import { usePlaygroundStoreApi } from "../store/playground-store-provider"

// The dialog (and the code generators) load when first opened.
const ExportDialog = dynamic(
  () => import("./export-dialog").then((m) => m.ExportDialog),
  { ssr: false }
)

/** "Code" in the header: the request as curl, Python or TypeScript. */
export function ExportAction() {
  const store = usePlaygroundStoreApi()
  return (
    <HeaderDialog
      testId="header.code"
      title="Export the request as curl, Python or TypeScript"
      label="Code"
    >
      {(close) => (
        <ExportDialog open onClose={close} request={store.getState().request} />
      )}
    </HeaderDialog>
  )
}
