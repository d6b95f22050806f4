/**
 * Strategy compare: the same conversation under the documented defaults of
 * each edit kind (each kind's `compare` row in the registry), all of them,
 * without edits, and under the request's own config. Each is simulated as
 * the whole request and replayed as a session (timeline.ts), so the rows
 * differ only by `context_management`.
 */
import {
  blockOwner,
  defaultEdit,
  EDIT_TYPES,
  SEND_ORDER,
} from "../rules/catalogue"
import { EDIT_KINDS } from "../rules/kinds"
import { fmt } from "../request/format"
import { simulate } from "../result/simulate"
import {
  type Timeline,
  timeline,
  type TimelineOptions,
} from "../session/timeline"
import type {
  AppliedEdit,
  ContextManagementEdit,
  EditType,
  SimulateOptions,
} from "../types"

/** A row's id: "yours", "none", "all", or a kind's (its `compare.id` in the registry). */
export type StrategyId =
  "yours" | "none" | "all" | (typeof EDIT_KINDS)[EditType]["compare"]["id"]

/** One row of the comparison. */
export interface Strategy {
  id: StrategyId
  label: string
  /** What the strategy does, in one sentence. */
  description: string
  /** The edits it sends; null sends no `context_management`. */
  edits: ContextManagementEdit[] | null
  /** The request's own config is this one. */
  current: boolean
}

/** A strategy's prediction for the whole request and over the session. */
export type StrategyResult =
  | {
      ok: true
      originalTokens: number
      inputTokens: number
      applied: AppliedEdit[]
      compactionFires: boolean
      session: Timeline
    }
  | { ok: false; error: string }

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v)

/** Thinking is on (enabled or adaptive), so clearing it is possible. */
function thinkingOn(request: Obj): boolean {
  const t = request.thinking
  return isObj(t) && (t.type === "enabled" || t.type === "adaptive")
}

/** The request's own edits; null when it sends none. */
function ownEdits(request: Obj): unknown[] | null {
  const cm = request.context_management
  if (!isObj(cm) || !Array.isArray(cm.edits) || cm.edits.length === 0)
    return null
  return cm.edits
}

/** An edit with the documented defaults its fields leave out (for comparing). */
function withDefaults(edit: unknown): unknown {
  if (!isObj(edit) || typeof edit.type !== "string") return edit
  if (!(EDIT_TYPES as readonly string[]).includes(edit.type)) return edit
  const full: Obj = { ...defaultEdit(edit.type as EditType) }
  for (const [k, v] of Object.entries(edit)) if (v !== undefined) full[k] = v
  return full
}

/** A sentence from clauses: "a, then b, and c" (capitalised). */
function sentence(clauses: readonly string[]): string {
  const text =
    clauses.length < 2
      ? (clauses[0] ?? "")
      : `${clauses.slice(0, -1).join(", then ")}, and ${clauses.at(-1)}`
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

const ALL_LABELS = ["", "", "Both", "All three"]

/**
 * The rows to compare: no edits, each kind with its documented defaults
 * (its `compare` row in the registry; a kind that needs thinking only when
 * thinking is on), all of them together in send order, and the request's
 * own config when it is none of those.
 */
export function strategies(request: Obj): Strategy[] {
  const thinking = thinkingOn(request)
  const kinds = EDIT_TYPES.filter(
    (t) => thinking || !EDIT_KINDS[t].needsThinking
  )
  const together = SEND_ORDER.filter((t) => kinds.includes(t))
  const rows: Array<Omit<Strategy, "current">> = [
    {
      id: "none",
      label: "No edits",
      description: thinking
        ? "Send everything; only the model's own thinking default applies."
        : "Send the whole conversation every time.",
      edits: null,
    },
    ...kinds.map((t) => {
      const row = EDIT_KINDS[t].compare
      return {
        id: row.id,
        label: row.label,
        description: row.description(fmt),
        edits: [defaultEdit(t)],
      }
    }),
    {
      id: "all",
      label: ALL_LABELS[together.length] ?? `All ${together.length}`,
      description: sentence(
        together.map((t) => EDIT_KINDS[t].compare.clause(fmt))
      ),
      edits: together.map((t) => defaultEdit(t)),
    },
  ]
  const own = ownEdits(request)
  const key = own === null ? "null" : JSON.stringify(own.map(withDefaults))
  const out: Strategy[] = rows.map((r) => ({
    ...r,
    current: JSON.stringify(r.edits) === key,
  }))
  if (!out.some((r) => r.current))
    out.unshift({
      id: "yours",
      label: "Your edits",
      description: "The context_management.edits of this request.",
      edits: own as ContextManagementEdit[],
      current: true,
    })
  return out
}

/** Whether the conversation replays compaction blocks (a compacted log's history). */
function hasCompactionBlocks(request: Obj): boolean {
  const messages = Array.isArray(request.messages) ? request.messages : []
  return messages.some(
    (m) =>
      isObj(m) &&
      Array.isArray(m.content) &&
      m.content.some((b) => isObj(b) && b.type === "compaction")
  )
}

/**
 * The edits a strategy sends on this conversation: a conversation that
 * replays compaction blocks keeps a compaction edit (its own, else the
 * documented default), since the API rejects compaction blocks without one.
 */
function strategyEdits(request: Obj, strategy: Strategy): unknown[] | null {
  const edits = strategy.edits
  const owner = blockOwner("compaction")
  if (!owner || !hasCompactionBlocks(request)) return edits
  if (edits?.some((e) => e.type === owner)) return edits
  const own = ownEdits(request)?.find((e) => isObj(e) && e.type === owner)
  return [...(edits ?? []), own ?? defaultEdit(owner)]
}

/** The request with a strategy's edits (other context_management fields kept). */
export function withStrategy(request: Obj, strategy: Strategy): Obj {
  const { context_management: cm, ...rest } = request
  const edits = strategyEdits(request, strategy)
  if (edits === null) return rest
  return {
    ...rest,
    context_management: { ...(isObj(cm) ? cm : {}), edits },
  }
}

/** Simulates the whole request and its session under one strategy. */
export function compareStrategy(
  request: Obj,
  strategy: Strategy,
  options?: SimulateOptions,
  sessionOptions?: TimelineOptions
): StrategyResult {
  const body = withStrategy(request, strategy)
  const sim = simulate(body, options)
  if (!sim.ok) return { ok: false, error: sim.error.message }
  return {
    ok: true,
    originalTokens: sim.original_input_tokens,
    inputTokens: sim.input_tokens,
    applied: sim.context_management?.applied_edits ?? [],
    compactionFires: sim.compaction?.fires === true,
    session: timeline(body, options, sessionOptions),
  }
}
