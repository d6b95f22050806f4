"use client"

import { useEffect } from "react"

/** Navigates to `/#<payload>` so the playground loads the state like any full link. */
export function OpenShare({ payload }: { payload: string }) {
  const href = `/#${payload}`
  useEffect(() => {
    // replace(): Back should return to wherever the short link was clicked,
    // not to this hop.
    window.location.replace(href)
  }, [href])
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6 text-zinc-900 dark:text-zinc-100">
      <p role="status" className="text-sm">
        Opening the shared playground…
      </p>
      <a
        href={href}
        className="self-start text-sm text-blue-700 underline dark:text-blue-400"
      >
        Open it now
      </a>
    </main>
  )
}
