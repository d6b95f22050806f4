"use client"

import { useEffect, useState } from "react"

/** An item of a progressive list: fresh, from the previous inputs, or not yet computed. */
export type Progress<T> =
  | { state: "fresh"; value: T }
  | { state: "stale"; value: T }
  | { state: "pending" }

/**
 * Computes `compute(0) … compute(count - 1)` one per task (a timer each), so
 * a slow list never blocks typing for longer than one item. Starts over
 * whenever `compute` changes (memoise it on its inputs); until an item is
 * recomputed, its previous value is returned as stale.
 */
export function useProgressive<T>(
  count: number,
  compute: (i: number) => T
): Array<Progress<T>> {
  const [done, setDone] = useState<{
    compute: ((i: number) => T) | null
    items: T[]
    previous: T[]
  }>({ compute: null, items: [], previous: [] })
  useEffect(() => {
    let i = 0
    let timer: ReturnType<typeof setTimeout>
    const step = () => {
      const at = i++
      const item = compute(at)
      setDone((d) => {
        if (d.compute === compute) {
          const items = d.items.slice()
          items[at] = item
          return { ...d, items }
        }
        // The first item of a new run: the last run's items become stale.
        const previous = d.previous.slice()
        d.items.forEach((x, k) => (previous[k] = x))
        const items: T[] = []
        items[at] = item
        return { compute, items, previous }
      })
      if (i < count) timer = setTimeout(step, 0)
    }
    timer = setTimeout(step, 0)
    return () => clearTimeout(timer)
  }, [count, compute])
  const current = done.compute === compute
  return Array.from({ length: count }, (_, k): Progress<T> => {
    if (current && k in done.items)
      return { state: "fresh", value: done.items[k]! }
    const old = current ? done.previous[k] : (done.items[k] ?? done.previous[k])
    return old === undefined
      ? { state: "pending" }
      : { state: "stale", value: old }
  })
}
