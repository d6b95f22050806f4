// The Tune tab's worker: runs tuneSession off the main thread, posts its
// progress, and answers preview requests (a frontier config's timeline) while
// the search runs (the tuner yields to the event loop between batches).
import { installAllExtensions } from "@/lib/extensions/all"
import {
  timeline,
  tuneSession,
  type SimulateOptions,
  type TimelineOptions,
} from "@/lib/context-editing"
import { createRefinedEstimator } from "@/lib/tokens/refine"

// The PDF reader and schema validator, as the page has them (lib/extensions).
installAllExtensions()

export type TuneRequest =
  | {
      kind: "tune"
      id: number
      request: Record<string, unknown>
      options: SimulateOptions
      timeline: TimelineOptions
      counts?: Array<[string, number]>
    }
  | {
      kind: "preview"
      id: number
      request: Record<string, unknown>
      edits: unknown[] | null
      options: SimulateOptions
      timeline: TimelineOptions
      counts?: Array<[string, number]>
    }

let counted: {
  counts: Array<[string, number]>
  estimator: SimulateOptions["estimator"]
} | null = null

/** The page's options, with its BPE counts as the estimator when it sent them. */
function optionsOf(msg: TuneRequest): SimulateOptions {
  if (!msg.counts) return msg.options
  if (counted?.counts !== msg.counts)
    counted = {
      counts: msg.counts,
      estimator: createRefinedEstimator({
        counts: new Map(msg.counts),
        misses: new Map(),
      }),
    }
  return { ...msg.options, estimator: counted.estimator }
}

function previewOf(msg: Extract<TuneRequest, { kind: "preview" }>) {
  const body =
    msg.edits === null
      ? msg.request
      : { ...msg.request, context_management: { edits: msg.edits } }
  const t = timeline(body, optionsOf(msg), msg.timeline)
  const after: number[] = []
  const before: number[] = []
  for (const p of t.points)
    if (p.ok) {
      after.push(p.inputTokens)
      before.push(p.originalTokens)
    }
  return {
    after,
    before,
    cost: t.cost.withEdits,
    peak: t.peak.withEdits,
    compactions: t.compactions.length,
  }
}

self.onmessage = async (e: MessageEvent<TuneRequest>) => {
  const msg = e.data
  try {
    if (msg.kind === "preview") {
      self.postMessage({ kind: "preview", id: msg.id, ...previewOf(msg) })
      return
    }
    const result = await tuneSession(msg.request, {
      ...optionsOf(msg),
      timeline: msg.timeline,
      onProgress: (done, total) =>
        self.postMessage({ kind: "progress", id: msg.id, done, total }),
    })
    self.postMessage({ kind: "done", id: msg.id, result })
  } catch (err) {
    self.postMessage({
      kind: "error",
      id: msg.id,
      message: err instanceof Error ? err.message : String(err),
    })
  }
}
