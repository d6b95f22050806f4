"use client"

/**
 * Passes on the latest value at most once per animation frame: a stream
 * that delivers thousands of events a second renders once per frame, with
 * the newest snapshot. `stop` drops a value still waiting.
 */
export function frameThrottle<T>(apply: (value: T) => void): {
  push(value: T): void
  stop(): void
} {
  let latest: { value: T } | null = null
  let frame = 0
  return {
    push(value) {
      latest = { value }
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        const next = latest
        latest = null
        if (next) apply(next.value)
      })
    },
    stop() {
      cancelAnimationFrame(frame)
      frame = 0
      latest = null
    },
  }
}
