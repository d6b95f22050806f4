// The count mark never sticks at "estimate": when a view draws with the
// page's estimator after everything was counted (a render that no change
// of the store follows, or one that lands after the refiner looked), the
// mark says "estimate" and the new texts are counted, then "counted" again.
import { afterAll, expect, it, vi } from "vitest"

import { simulate } from "@/lib/context-editing"
import type { TokenEstimator } from "@/lib/tokens"

import type { CountRequest } from "./bpe.worker"
import { getRefineStatus } from "./refine-status"
import { startRefinement } from "./refiner"

/** A BPE worker that keeps what it is sent; the test answers. */
class FakeWorker {
  static last: FakeWorker | null = null
  onmessage: ((e: { data: unknown }) => void) | null = null
  readonly sent: CountRequest[] = []
  constructor() {
    FakeWorker.last = this
  }
  postMessage(m: CountRequest) {
    this.sent.push(m)
  }
}
vi.stubGlobal("Worker", FakeWorker)
vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

let estimator: TokenEstimator | null = null
const listeners = new Set<() => void>()
const store = {
  getState: () => ({
    engine: {},
    setTokenEstimator: (e: TokenEstimator | null) => {
      estimator = e
      listeners.forEach((f) => f())
    },
  }),
  subscribe: (f: () => void) => {
    listeners.add(f)
    return () => listeners.delete(f)
  },
}

/** A view drawing a request with the page's estimator (what a render does). */
function draw(text: string) {
  simulate(
    {
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: [{ type: "text", text }] }],
    },
    { estimator: estimator! }
  )
}

const settle = async () => {
  await Promise.resolve()
  await vi.advanceTimersByTimeAsync(200)
}

it("says estimate and counts a text drawn after all was counted, with no change of the store to follow", async () => {
  const stop = startRefinement(store)
  await settle()
  // Nothing drawn yet: nothing to count.
  expect(getRefineStatus().state).toBe("counted")

  const text = "A tool result a later view draws after the refiner looked."
  draw(text)
  await settle()
  expect(getRefineStatus().state).toBe("estimate")
  const worker = FakeWorker.last!
  expect(worker.sent).toHaveLength(1)
  expect(worker.sent[0]!.texts).toContain(text)

  worker.onmessage!({
    data: {
      id: worker.sent[0]!.id,
      counts: worker.sent[0]!.texts.map(() => 13),
      ms: 1,
    },
  })
  await settle()
  draw(text)
  await settle()
  expect(getRefineStatus().state).toBe("counted")
  expect(worker.sent).toHaveLength(1)
  stop()
})
