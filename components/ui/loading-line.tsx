/**
 * What a view loaded on demand shows until its code has arrived (the
 * `loading` of `next/dynamic`): one quiet line, announced as a status.
 */
export function LoadingLine() {
  return (
    <p className="p-3 text-sm text-zinc-500" role="status">
      Loading…
    </p>
  )
}
