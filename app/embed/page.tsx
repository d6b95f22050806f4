import type { Metadata } from "next"

import { EmbedView } from "@/components/embed/embed-view"

export const metadata: Metadata = {
  title: "Context editing — embedded example",
  // An embed repeats a playground link; search engines should index neither.
  robots: { index: false },
}

export default function Page() {
  return <EmbedView />
}
