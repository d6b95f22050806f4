"use client"

/** Compose mode: the request as forms. */
export function ComposeView() {
  return <div className="p-3 text-sm text-zinc-500">Compose</div>
}
