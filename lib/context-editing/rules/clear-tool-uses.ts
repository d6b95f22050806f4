/**
 * clear_tool_uses_20250919 (spec §2.2): past the trigger, replace the results
 * of all but the `keep` most recent tool uses with a placeholder (optionally
 * also clearing their inputs). `clear_at_least` is an all-or-nothing gate:
 * if the whole clearing frees fewer tokens, nothing is applied at all.
 */
import { pairColumns, type ToolPair } from "../analyze"
import { approx, code, fmt, intern, plural } from "../format"
import {
  contentVariant,
  decide,
  decideAll,
  setBlock,
  setBlocksFrom,
  type SimState,
  untouched,
  variant,
  variants,
} from "../state"
import type { AppliedEdit, BlockStatus, EditTrace, TraceStep } from "../types"
import type { NClearToolUses } from "../validate-edits"
import { rememberToolUses } from "./clear-tool-uses-keep"
import { classifyPairs, CLEARABLE, EXCLUDED, OFF } from "./tool-pair-classes"
import {
  CALL_STAYS,
  clearedInput,
  LONGER,
  inputReasonFor,
  keepCoversAll,
  keepReasonFor,
  keepSteps,
  passedGateStep,
  resultReasonFor,
  resultStep,
  unchangedStep,
} from "./tool-uses-text"

const TYPE = "clear_tool_uses_20250919" as const

/** Compares per the triggerComparison switch. */
const passes = (n: number, v: number, cmp: "gt" | "gte") =>
  cmp === "gt" ? n > v : n >= v

function describeNames(names: readonly string[]): string {
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
  const ei = e.index
  const mark = (p: ToolPair, status: BlockStatus, reason: string) => {
    decide(s, p.result, status, ei, TYPE, reason)
    decide(s, p.use, status, ei, TYPE, reason)
  }
  const pairs = s.a.pairs
  const np = pairs.length
  const exclude = e.exclude
  const clearServer = A.clearServerToolResults
  const clearMcp = A.clearMcpToolResults
  const clearErrors = A.clearErrorResults
  // Every pair's class (0 = not live or unanswered) and the counts the trace
  // reports; cached per analysis, since they do not depend on keep.
  const {
    cls,
    unansweredUses,
    liveN,
    answeredN,
    clientLiveN,
    offN,
    poolN,
    clearableN,
    exN,
  } = classifyPairs(s, exclude, clearServer, clearMcp, clearErrors)
  for (let u = 0; u < unansweredUses.length; u++)
    decide(
      s,
      unansweredUses[u]!,
      "kept",
      ei,
      TYPE,
      "No tool_result yet → unanswered tool uses are never cleared"
    )
  if (e.keep >= clearableN)
    s.ctx.warnings.push(keepCoversAll(e.keep, clearableN, ei))

  // 1. Trigger.
  const cmp = A.triggerComparison
  const sign = cmp === "gt" ? ">" : "≥"
  const notSign = cmp === "gt" ? "≤" : "<"
  let belowWhy: string | null = null
  if (e.trigger.type === "input_tokens") {
    const v = e.trigger.value
    if (!passes(T, v, cmp)) {
      steps.push({
        id: "trigger",
        outcome: "stop",
        text: `${approx(T)} input tokens ${notSign} trigger ${fmt(v)} → nothing is cleared (lower the trigger below ${approx(T)} to clear now)`,
      })
      belowWhy = intern(
        `Below the trigger (${approx(T)} input tokens ${notSign} ${fmt(v)}) → not cleared`
      )
    } else
      steps.push({
        id: "trigger",
        outcome: "pass",
        text: `${approx(T)} input tokens ${sign} trigger ${fmt(v)} → clearing runs`,
      })
  } else {
    const v = e.trigger.value
    const n = A.toolUsesTriggerCountsServerTools ? liveN : clientLiveN
    if (!passes(n, v, cmp)) {
      steps.push({
        id: "trigger",
        outcome: "stop",
        text: `${plural(n, "tool use")} ${notSign} trigger ${fmt(v)} → nothing is cleared (lower the trigger below ${fmt(n)} to clear now)`,
      })
      belowWhy = intern(
        `Below the trigger (${plural(n, "tool use")} ${notSign} ${fmt(v)}) → not cleared`
      )
    } else
      steps.push({
        id: "trigger",
        outcome: "pass",
        text: `${plural(n, "tool use")} ${sign} trigger ${fmt(v)} → clearing runs`,
      })
  }
  if (belowWhy !== null) {
    for (let k = 0; k < np; k++)
      if (cls[k]! > 0) mark(pairs[k]!, "kept", belowWhy)
    return done(null, "trigger")
  }

  // 2. Candidates, exclusions, keep (order per excludedCountTowardKeep).
  const unanswered = liveN - answeredN
  steps.push({
    id: "candidates",
    outcome: "info",
    text: `${plural(answeredN, "tool use")} with results${unanswered ? ` (${fmt(unanswered)} unanswered, never cleared)` : ""}`,
  })
  if (offN)
    steps.push({
      id: "origin",
      outcome: "info",
      text: `${plural(offN, "server/MCP tool use")} not clearable (assumption switch) → ${fmt(poolN)} left`,
    })

  // The `keep` most recent of the keep pool hold their slots.
  const towardKeep = A.excludedCountTowardKeep
  const keepFromN = towardKeep ? poolN : clearableN
  const keptFrom = keepFromN - Math.max(0, e.keep)
  const excludedNames: string[] = []
  const keepReason = keepReasonFor(e.keep)
  const excludedWhy = new Map<string, string>()
  // How victims are cleared (measured in the same pass that finds them).
  const ph = A.placeholderText
  const allInputs = e.clearInputs === true
  const someInputs = Array.isArray(e.clearInputs) ? e.clearInputs : null
  const anyInputs = allInputs || someInputs !== null
  const inputsFor = (name: string) =>
    allInputs || (someInputs !== null && someInputs.includes(name))
  const resultTable = variants(s, `result:${ph}`)
  // Only looked up when inputs may be cleared (the table is n entries).
  const inputTable = anyInputs
    ? variants(s, `input:${A.clearedInputShape}:${ph}`)
    : null
  const emptyInput = A.clearedInputShape === "empty_object"
  const clearInput = (b: Record<string, unknown>) =>
    clearedInput(b, emptyInput, ph)
  // The victims (clearable, not kept, result untouched): pair index, the
  // records of result and use, and whether the input is cleared too (all
  // decided before any change).
  const victimBuf = new Int32Array(clearableN)
  const results = new Int32Array(clearableN)
  const uses = new Int32Array(clearableN)
  const withInput = new Uint8Array(clearableN)
  const fresh = new Uint8Array(clearableN)
  let nv = 0
  // Victims whose result is still the original (results[0..nr)).
  let nr = 0
  // Victims whose clearing changes the prompt (a result that does not
  // already read the placeholder, or an input cleared).
  let changing = 0
  let saved = 0
  let inputs = 0
  let rank = 0
  const { use: pairUse, result: pairResult } = pairColumns(s.a)
  for (let k = 0; k < np; k++) {
    const c = cls[k]!
    if (c === 0) continue
    if (c === CLEARABLE) {
      // The common case, on columns only (no pair object is read).
      const result = pairResult[k]!
      if (e.keep > 0 && rank++ >= keptFrom) {
        decide(s, result, "kept_recent", ei, TYPE, keepReason)
        decide(s, pairUse[k]!, "kept_recent", ei, TYPE, keepReason)
      } else {
        // A result an earlier clear_tool_uses edit already cleared is still
        // a victim (counted, its input cleared if asked), as a result that
        // arrives reading the placeholder is; it keeps that edit's verdict.
        const use = pairUse[k]!
        victimBuf[nv] = k
        uses[nv] = use
        if (untouched(s, result)) {
          fresh[nv] = 1
          if (s.origBlocks[result]!.content !== ph) changing++
          results[nr++] = result
          saved +=
            s.tokens[result]! - contentVariant(s, resultTable, result, ph)
        }
        if (anyInputs && inputsFor(pairs[k]!.name) && untouched(s, use)) {
          saved += s.tokens[use]! - variant(s, inputTable!, use, clearInput)
          withInput[nv] = 1
          inputs++
          changing++
        }
        nv++
      }
      continue
    }
    const p = pairs[k]!
    if (c === OFF) {
      mark(
        p,
        "kept",
        p.origin === "server"
          ? "Server tool results are treated as not clearable (assumption switch) → kept"
          : "MCP tool results are treated as not clearable (assumption switch) → kept"
      )
      continue
    }
    // In the pool: an error result that is also excluded is first marked
    // as error-kept, then as excluded (the later verdict wins).
    if (p.isError && !clearErrors)
      mark(
        p,
        "kept",
        "Error results are treated as not clearable (assumption switch) → kept"
      )
    if (c === EXCLUDED) {
      if (!excludedNames.includes(p.name)) excludedNames.push(p.name)
      let why = excludedWhy.get(p.name)
      if (why === undefined)
        excludedWhy.set(
          p.name,
          (why = intern(`${code(p.name)} is in exclude_tools → never cleared`))
        )
      mark(p, "excluded", why)
    }
    // Excluded and error-kept pairs hold keep slots only per the switch.
    const kept = towardKeep && e.keep > 0 && rank++ >= keptFrom
    if (kept && c !== EXCLUDED) mark(p, "kept_recent", keepReason)
  }
  const victims = victimBuf.subarray(0, nv)
  const exStep: TraceStep | null = exN
    ? {
        id: "exclude",
        outcome: "info",
        text: `${fmt(exN)} ${exN === 1 ? "is" : "are"} ${describeNames(excludedNames)} (exclude_tools) → ${plural(poolN - exN, "candidate")}`,
      }
    : null
  // The keep-independent steps so far (re-used by a keep-only re-run).
  const headSteps = steps.slice()
  steps.push(...keepSteps(e.keep, victims.length, towardKeep, exStep))
  if (victims.length === 0) {
    steps[steps.length - 1] = {
      id: "keep",
      outcome: "stop",
      text: `keep ${fmt(e.keep)} covers all ${plural(clearableN, "clearable tool use")} → nothing to clear${clearableN > 1 ? ` (lower keep to ${fmt(clearableN - 1)} or fewer)` : clearableN === 1 ? " (set keep to 0)" : ""}`,
    }
    return done(null, "keep")
  }

  // 4. clear_at_least gate (all or nothing).
  if (e.clearAtLeast !== null && saved < e.clearAtLeast) {
    const why = intern(
      saved < 0
        ? `Clearing would add tokens instead of freeing them (placeholders longer than the results), so clear_at_least ${fmt(e.clearAtLeast)} skipped this edit`
        : `Only ${approx(saved)} of clear_at_least ${fmt(e.clearAtLeast)} tokens could be freed, so this edit was skipped`
    )
    steps.push({
      id: "gate",
      outcome: "stop",
      text:
        saved < 0
          ? `Clearing would add ${approx(-saved)} tokens (${LONGER}), less than clear_at_least ${fmt(e.clearAtLeast)} → edit skipped, nothing cleared`
          : `Clearing would free ${approx(saved)} tokens < clear_at_least ${fmt(e.clearAtLeast)} → edit skipped, nothing cleared (lower clear_at_least to ${approx(saved)} or lower keep)`,
    })
    for (let v = 0; v < victims.length; v++) {
      if (!fresh[v]) continue
      const p = pairs[victims[v]!]!
      const both = inputsFor(p.name)
      decide(s, p.result, "not_applied", ei, TYPE, why)
      decide(
        s,
        p.use,
        both ? "not_applied" : "kept",
        ei,
        TYPE,
        both
          ? why
          : "Its result would have been cleared, but the edit was skipped"
      )
    }
    return { ...done(null, "gate"), frees: saved }
  }
  steps.push(passedGateStep(e.clearAtLeast, saved))
  // OBS (spec §2.1.5): an edit that changes nothing produces no entry.
  if (changing === 0) {
    const same =
      "Already reads the placeholder: clearing it changes nothing (no applied_edits entry)"
    for (let v = 0; v < nv; v++) {
      if (!fresh[v]) continue
      decide(s, pairResult[victims[v]!]!, "kept", ei, TYPE, same)
      decide(s, uses[v]!, "kept", ei, TYPE, same)
    }
    steps.push(unchangedStep(victims.length))
    return { ...done(null, "result"), frees: saved }
  }

  const resultReason = resultReasonFor(e.keep, ph)
  const inputWhy = new Map<string, string>()
  // 5. Apply, and say why (in bulk: thousands of results in a long session).
  const cleared = results.subarray(0, nr)
  setBlocksFrom(s, cleared, resultTable)
  for (let v = 0; v < victims.length; v++)
    if (withInput[v])
      setBlock(
        s,
        uses[v]!,
        inputTable!.blocks[uses[v]!]!,
        inputTable!.tokens[uses[v]!]!
      )
  decideAll(s, cleared, "cleared", ei, TYPE, resultReason, ph)
  // Calls whose input is not cleared stay: listed, then decided together.
  const keptUses = new Int32Array(victims.length)
  let nk = 0
  for (let v = 0; v < victims.length; v++) {
    const use = uses[v]!
    if (untouched(s, use)) {
      // The call of a result an earlier edit cleared keeps that verdict.
      if (fresh[v]) keptUses[nk++] = use
      continue
    }
    const name = pairs[victims[v]!]!.name
    let why = inputWhy.get(name)
    if (why === undefined)
      inputWhy.set(name, (why = inputReasonFor(name, emptyInput, ph)))
    decide(s, use, "input_cleared", ei, TYPE, why)
  }
  decideAll(s, keptUses.subarray(0, nk), "kept", ei, TYPE, CALL_STAYS)
  const freed = T - s.total
  steps.push(resultStep(victims.length, inputs, T, s.total))
  rememberToolUses(s, {
    edit: e,
    before: T,
    keptFrom,
    victims: victims.length,
    inputs,
    saved,
    changing,
    cls,
    clearableN,
    exStep,
    headSteps,
  })
  return {
    ...done(
      {
        type: TYPE,
        cleared_tool_uses: victims.length,
        cleared_input_tokens: Math.max(0, Math.round(freed)),
      },
      null
    ),
    frees: saved,
  }
}
