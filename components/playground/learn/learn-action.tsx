"use client"

import dynamic from "next/dynamic"
import { useState } from "react"

import { HeaderDialog } from "@/components/ui/header-button"

// Loads when first opened.
const LearnDialog = dynamic(
  () => import("./learn-dialog").then((m) => m.LearnDialog),
  { ssr: false }
)

/** `#learn` or `#learn=<lesson id>`: a link straight into the lessons. */
const LINK = /^#learn(?:=([a-z-]{1,40}))?$/

/** "Learn": predict-then-reveal lessons, in a dialog. */
export function LearnAction() {
  // Rendered only on the client, once the store is ready: the hash is there.
  const [link] = useState(() => LINK.exec(window.location.hash))
  return (
    <HeaderDialog
      testId="header.learn"
      title="Lessons: predict what the server does, then see why"
      label="Learn"
      dialog
      initiallyOpen={link !== null}
      onClosed={() => {
        if (LINK.test(window.location.hash))
          history.replaceState(null, "", location.pathname + location.search)
      }}
    >
      {(close) => (
        <LearnDialog firstLesson={link?.[1] ?? null} onClose={close} />
      )}
    </HeaderDialog>
  )
}
