/**
 * clear_tool_uses_20250919 (spec §2.2): past the trigger, replace the results
 * of all but the `keep` most recent tool uses with a placeholder (optionally
 * also clearing their inputs). `clear_at_least` is an all-or-nothing gate:
 * if the whole clearing frees fewer tokens, nothing is applied at all.
 */
import type { ToolPair } from "../analyze"
import { approx, code, fmt, plural } from "../format"
import {
  decide,
  setBlock,
  type SimState,
  untouched,
  variant,
  variants,
} from "../state"
import type { AppliedEdit, EditTrace, TraceStep } from "../types"
import type { NClearToolUses } from "../validate-edits"

const TYPE = "clear_tool_uses_20250919" as const

/** Compares per the triggerComparison switch. */
const passes = (n: number, v: number, cmp: "gt" | "gte") =>
  cmp === "gt" ? n > v : n >= v

function describeNames(pairs: ToolPair[]): string {
  const names = [...new Set(pairs.map((p) => p.name))]
  return names.length <= 3
    ? names.map(code).join(", ")
    : `${names.slice(0, 3).map(code).join(", ")}…`
}

/** Runs the edit on the state; returns its trace. */
export function applyClearToolUses(s: SimState, e: NClearToolUses): EditTrace {
  const A = s.ctx.assumptions
  const T = s.total
  const steps: TraceStep[] = []
  const done = (
    entry: AppliedEdit | null,
    stoppedAt: string | null
  ): EditTrace => ({
    index: e.index,
    type: TYPE,
    applied: entry !== null,
    entry,
    tokensBefore: T,
    tokensAfter: s.total,
    steps,
    stoppedAt,
  })
  const mark = (
    p: ToolPair,
    status: Parameters<typeof decide>[2],
    reason: string,
    both = true
  ) => {
    decide(s, p.result, status, e.index, TYPE, reason)
    if (both) decide(s, p.use, status, e.index, TYPE, reason)
  }
  const recs = s.a.recs
  const live = s.a.pairs.filter(
    (p) => !recs[p.use]!.ignored && (p.result < 0 || !recs[p.result]!.ignored)
  )
  const answered = live.filter((p) => p.result >= 0)
  const allowed = (p: ToolPair) =>
    p.origin === "client" ||
    (p.origin === "server" ? A.clearServerToolResults : A.clearMcpToolResults)
  const pool = answered.filter(allowed)
  const excluded = (p: ToolPair) => e.exclude.includes(p.name)
  const errorKept = (p: ToolPair) => p.isError && !A.clearErrorResults
  const clearable = pool.filter((p) => !excluded(p) && !errorKept(p))
  if (e.keep >= clearable.length)
    s.ctx.warnings.push({
      code: "keep_covers_all",
      message: `keep is ${fmt(e.keep)} but only ${plural(clearable.length, "clearable tool use")} exist${clearable.length === 1 ? "s" : ""}, so clear_tool_uses cannot clear anything here.`,
      path: ["context_management", "edits", e.index, "keep"],
    })

  for (const p of live)
    if (p.result < 0)
      decide(
        s,
        p.use,
        "kept",
        e.index,
        TYPE,
        "No tool_result yet → unanswered tool uses are never cleared"
      )

  // 1. Trigger.
  const cmp = A.triggerComparison
  const sign = cmp === "gt" ? ">" : "≥"
  const notSign = cmp === "gt" ? "≤" : "<"
  if (e.trigger.type === "input_tokens") {
    const v = e.trigger.value
    if (!passes(T, v, cmp)) {
      steps.push({
        id: "trigger",
        outcome: "stop",
        text: `${approx(T)} input tokens ${notSign} trigger ${fmt(v)} → nothing is cleared (lower the trigger below ${approx(T)} to clear now)`,
      })
      for (const p of answered)
        mark(
          p,
          "kept",
          `Below the trigger (${approx(T)} input tokens ${notSign} ${fmt(v)}) → not cleared`
        )
      return done(null, "trigger")
    }
    steps.push({
      id: "trigger",
      outcome: "pass",
      text: `${approx(T)} input tokens ${sign} trigger ${fmt(v)} → clearing runs`,
    })
  } else {
    const v = e.trigger.value
    const n = live.filter(
      (p) => A.toolUsesTriggerCountsServerTools || p.origin === "client"
    ).length
    if (!passes(n, v, cmp)) {
      steps.push({
        id: "trigger",
        outcome: "stop",
        text: `${plural(n, "tool use")} ${notSign} trigger ${fmt(v)} → nothing is cleared (lower the trigger below ${fmt(n)} to clear now)`,
      })
      for (const p of answered)
        mark(
          p,
          "kept",
          `Below the trigger (${plural(n, "tool use")} ${notSign} ${fmt(v)}) → not cleared`
        )
      return done(null, "trigger")
    }
    steps.push({
      id: "trigger",
      outcome: "pass",
      text: `${plural(n, "tool use")} ${sign} trigger ${fmt(v)} → clearing runs`,
    })
  }

  // 2. Candidates, exclusions, keep (order per excludedCountTowardKeep).
  const unanswered = live.length - answered.length
  steps.push({
    id: "candidates",
    outcome: "info",
    text: `${plural(answered.length, "tool use")} with results${unanswered ? ` (${fmt(unanswered)} unanswered, never cleared)` : ""}`,
  })
  const off = answered.filter((p) => !allowed(p))
  for (const p of off)
    mark(
      p,
      "kept",
      `${p.origin === "server" ? "Server" : "MCP"} tool results are treated as not clearable (assumption switch) → kept`
    )
  if (off.length)
    steps.push({
      id: "origin",
      outcome: "info",
      text: `${plural(off.length, "server/MCP tool use")} not clearable (assumption switch) → ${fmt(pool.length)} left`,
    })
  for (const p of pool.filter(errorKept))
    mark(
      p,
      "kept",
      "Error results are treated as not clearable (assumption switch) → kept"
    )

  const keepFrom = A.excludedCountTowardKeep ? pool : clearable
  const kept = new Set(e.keep > 0 ? keepFrom.slice(-e.keep) : [])
  const victims = clearable.filter(
    (p) => !kept.has(p) && untouched(s, p.result)
  )
  const exSet = pool.filter(excluded)
  const exStep: TraceStep | null = exSet.length
    ? {
        id: "exclude",
        outcome: "info",
        text: `${fmt(exSet.length)} ${exSet.length === 1 ? "is" : "are"} ${describeNames(exSet)} (exclude_tools) → ${plural(pool.length - exSet.length, "candidate")}`,
      }
    : null
  const keepText = `keep ${fmt(e.keep)} → ${plural(victims.length, "tool use")} to clear, oldest first`
  if (A.excludedCountTowardKeep && exStep)
    steps.push(
      {
        id: "keep",
        outcome: "info",
        text: `${keepText} (excluded tool uses take keep slots)`,
      },
      exStep
    )
  else
    steps.push(...(exStep ? [exStep] : []), {
      id: "keep",
      outcome: "info",
      text: keepText,
    })
  for (const p of exSet)
    mark(p, "excluded", `${code(p.name)} is in exclude_tools → never cleared`)
  const keepReason =
    e.keep === 1
      ? "The most recent tool use (keep: 1) → kept"
      : `One of the ${fmt(e.keep)} most recent tool uses (keep: ${fmt(e.keep)}) → kept`
  for (const p of kept) if (!excluded(p)) mark(p, "kept_recent", keepReason)
  if (victims.length === 0) {
    steps[steps.length - 1] = {
      id: "keep",
      outcome: "stop",
      text: `keep ${fmt(e.keep)} covers all ${plural(clearable.length, "clearable tool use")} → nothing to clear${clearable.length > 1 ? ` (lower keep to ${fmt(clearable.length - 1)} or fewer)` : clearable.length === 1 ? " (set keep to 0)" : ""}`,
    }
    return done(null, "keep")
  }

  // 3. Build the cleared blocks and measure what they free.
  const ph = A.placeholderText
  const inputsFor = (name: string) =>
    Array.isArray(e.clearInputs) ? e.clearInputs.includes(name) : e.clearInputs
  const changes: Array<{
    i: number
    block: Record<string, unknown>
    tokens: number
  }> = []
  let saved = 0
  let inputs = 0
  const resultTable = variants(s, `result:${ph}`)
  const clearResult = (b: Record<string, unknown>) => ({ ...b, content: ph })
  const inputTable = variants(s, `input:${A.clearedInputShape}:${ph}`)
  const emptyInput = A.clearedInputShape === "empty_object"
  const clearInput = (b: Record<string, unknown>) => ({
    ...b,
    input: emptyInput ? {} : ph,
  })
  for (const p of victims) {
    const r = variant(s, resultTable, p.result, clearResult)
    saved += s.tokens[p.result]! - r.tokens
    changes.push({ i: p.result, block: r.block, tokens: r.tokens })
    if (inputsFor(p.name) && untouched(s, p.use)) {
      const u = variant(s, inputTable, p.use, clearInput)
      saved += s.tokens[p.use]! - u.tokens
      changes.push({ i: p.use, block: u.block, tokens: u.tokens })
      inputs++
    }
  }

  // 4. clear_at_least gate (all or nothing).
  if (e.clearAtLeast !== null && saved < e.clearAtLeast) {
    const why = `Only ${approx(saved)} of clear_at_least ${fmt(e.clearAtLeast)} tokens could be freed, so this edit was skipped`
    steps.push({
      id: "gate",
      outcome: "stop",
      text: `Clearing would free ${approx(saved)} tokens < clear_at_least ${fmt(e.clearAtLeast)} → edit skipped, nothing cleared (lower clear_at_least to ${approx(Math.max(0, saved))} or lower keep)`,
    })
    for (const p of victims) {
      decide(s, p.result, "not_applied", e.index, TYPE, why)
      decide(
        s,
        p.use,
        inputsFor(p.name) ? "not_applied" : "kept",
        e.index,
        TYPE,
        inputsFor(p.name)
          ? why
          : "Its result would have been cleared, but the edit was skipped"
      )
    }
    return done(null, "gate")
  }
  steps.push(
    e.clearAtLeast === null
      ? {
          id: "gate",
          outcome: "info",
          text: `No clear_at_least gate → applied (frees ${approx(saved)} tokens)`,
        }
      : {
          id: "gate",
          outcome: "pass",
          text: `Clearing frees ${approx(saved)} tokens ≥ clear_at_least ${fmt(e.clearAtLeast)} → applied`,
        }
  )

  // 5. Apply.
  for (const c of changes) setBlock(s, c.i, c.block, c.tokens)
  const resultReason =
    e.keep === 0
      ? `keep: 0 → every tool result is cleared; result replaced by "${ph}"`
      : `Older than the ${fmt(e.keep)} most recent tool use${e.keep === 1 ? "" : "s"} (keep: ${fmt(e.keep)}) → result replaced by "${ph}"`
  const inputShown = A.clearedInputShape === "empty_object" ? "{}" : `"${ph}"`
  for (const p of victims) {
    decide(s, p.result, "cleared", e.index, TYPE, resultReason, ph)
    if (!untouched(s, p.use))
      decide(
        s,
        p.use,
        "input_cleared",
        e.index,
        TYPE,
        `Its result was cleared and clear_tool_inputs covers ${code(p.name)} → input replaced by ${inputShown}`
      )
    else
      decide(
        s,
        p.use,
        "kept",
        e.index,
        TYPE,
        "Its result was cleared; the call itself stays (clear_tool_inputs does not cover it)"
      )
  }
  const freed = T - s.total
  steps.push({
    id: "result",
    outcome: "pass",
    text: `Cleared ${plural(victims.length, "tool result")}${inputs ? ` and ${plural(inputs, "input")}` : ""}: ${approx(T)} → ${approx(s.total)} input tokens`,
  })
  return done(
    {
      type: TYPE,
      cleared_tool_uses: victims.length,
      cleared_input_tokens: Math.max(0, Math.round(freed)),
    },
    null
  )
}
