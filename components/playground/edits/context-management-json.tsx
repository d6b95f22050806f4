"use client"

import { Disclosure } from "@/components/ui/disclosure"

import { LazyContextManagementEditor } from "../lazy"

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
