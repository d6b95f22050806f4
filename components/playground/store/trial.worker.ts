// Simulates content that arrived by link or import, off the page's thread
// (trial-check.ts starts it and ends it at the deadline): says when it
// starts (after its code has loaded, so loading never counts against the
// deadline) and when it is done.
import { installAllExtensions } from "@/lib/extensions/all"
import { simulate, type SimulateOptions } from "@/lib/context-editing"
import { describeContent } from "@/lib/state/trial-summary"

// The PDF reader and schema validator, as the page has them (lib/extensions).
installAllExtensions()

export interface TrialJob {
  request: unknown
  options: Pick<SimulateOptions, "assumptions" | "calibration">
}

export type TrialReply = { kind: "started"; content: string } | { kind: "done" }

const post = (reply: TrialReply) => postMessage(reply)

/** The request's size as JSON (0 when it cannot be written, e.g. too deep). */
function sizeOf(request: unknown): number {
  try {
    return JSON.stringify(request)?.length ?? 0
  } catch {
    return 0
  }
}

self.onmessage = (event: MessageEvent<TrialJob>) => {
  const { request, options } = event.data
  const content = describeContent(request, sizeOf(request))
  post({ kind: "started", content })
  simulate(request, options)
  post({ kind: "done" })
}
