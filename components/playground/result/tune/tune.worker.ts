// The Tune tab's worker: runs tuneSession off the main thread, posts its
// progress, and answers preview requests (a frontier config's timeline) while
// the search runs (the tuner yields to the event loop between batches).
import { installAllExtensions } from "@/lib/extensions/all"
import {
  type AgentSwitches,
  timeline,
  tuneSession,
  type SimulateOptions,
  type Timeline,
  type TimelineOptions,
} from "@/lib/context-editing"
import type { RealUsage } from "@/lib/import/types"
import { compareWithLog, type RealComparison } from "@/lib/real-usage/compare"
import { configKey } from "@/lib/real-usage/needs/conversation"
import { compareAsLogged, threeNumbers } from "@/lib/real-usage/headline"
import { logBill } from "@/lib/real-usage/tune-bill"
import { createRefinedEstimator } from "@/lib/tokens/refine"

// The PDF reader and schema validator, as the page has them (lib/extensions).
installAllExtensions()

/** What a search and a preview share: the session, the options, and a log's calls when there is one. */
type Session = {
  id: number
  request: Record<string, unknown>
  options: SimulateOptions
  timeline: TimelineOptions
  counts?: Array<[string, number]>
  /** The imported log's calls: configs are priced over all of them (its bill). */
  usage?: RealUsage[]
  agent?: Partial<AgentSwitches>
}

export type TuneRequest =
  | ({ kind: "tune" } & Session)
  | ({ kind: "preview"; edits: unknown[] | null } & Omit<
      Session,
      "usage" | "agent"
    >)

let counted: {
  counts: Array<[string, number]>
  estimator: SimulateOptions["estimator"]
} | null = null

/** The page's options, with its BPE counts as the estimator when it sent them. */
function optionsOf(msg: Pick<Session, "options" | "counts">): SimulateOptions {
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

/** The log of the last search (a preview's message does not carry it again), and its own replay. */
let log: {
  usage: RealUsage[]
  agent: Partial<AgentSwitches> | undefined
  own: Map<string, RealComparison | null>
} | null = null

/** A config's cost and peak: the session's, or with a log its bill (the number the Timeline shows). */
function priced(
  msg: Pick<Session, "options" | "counts">,
  body: Record<string, unknown>,
  t: Timeline
) {
  if (!log) return { cost: t.cost.withEdits, peak: t.peak.withEdits }
  const options = optionsOf(msg)
  const c = compareWithLog(t, log.usage, options, { agent: log.agent })
  const key = configKey(body)
  if (!log.own.has(key))
    log.own.set(key, compareAsLogged(body, log.usage, options))
  const three = threeNumbers(c, log.own.get(key)!)
  return { cost: three.corrected, peak: c.configPeak }
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
    ...priced(msg, body, t),
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
    const options = optionsOf(msg)
    log = msg.usage
      ? { usage: msg.usage, agent: msg.agent, own: new Map() }
      : null
    const result = await tuneSession(msg.request, {
      ...options,
      timeline: msg.timeline,
      agent: msg.agent,
      ...(msg.usage
        ? { bill: logBill(msg.request, msg.usage, msg.timeline, options) }
        : {}),
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
