/**
 * Where a key moves the focus among `count` items from item `at`: `forward`
 * and `back` (e.g. "ArrowRight" and "ArrowLeft") step, wrapping; Home and
 * End jump to the first and last. -1 for any other key.
 */
export function arrowIndex(
  key: string,
  at: number,
  count: number,
  back: string,
  forward: string
): number {
  if (key === forward) return (at + 1) % count
  if (key === back) return (at - 1 + count) % count
  if (key === "Home") return 0
  if (key === "End") return count - 1
  return -1
}
