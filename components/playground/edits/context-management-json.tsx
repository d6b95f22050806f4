"use client"

import dynamic from "next/dynamic"

import { Disclosure } from "@/components/ui/disclosure"
import { LoadingLine } from "@/components/ui/loading-line"

const LazyContextManagementEditor = dynamic(
  () =>
    import("./context-management-editor").then(
      (m) => m.ContextManagementEditor
    ),
  { ssr: false, loading: LoadingLine }
)

/** The `context_management` JSON section; its editor loads when opened. */
export function ContextManagementJson() {
  return (
    <Disclosure
      summary={
        <>
          <code>context_management</code> JSON
        </>
      }
    >
      <LazyContextManagementEditor />
    </Disclosure>
  )
}
