/**
 * Per-tool advice from the session's evidence (docs/semantics.md#result-needs):
 * for each tool, how many of its results a later turn used again, how much
 * later (in requests, and in newer tool uses — what `keep` counts), and so
 * whether to exclude the tool from clearing or keep more results.
 */
import type { ResultNeed } from "../session/needs/evidence"
import type { ResultPresence } from "../session/presence"

/** What the evidence says of one tool's results. */
export interface ToolAdvice {
  name: string
  results: number
  /** Results a later request (after the one that brought them) used again. */
  neededLater: number
  /** Results the agent fetched again itself (the same call, later). */
  fetchedAgain: number
  /** Requests from a result to its last later use: median and largest (null: none used later). */
  medianGap: number | null
  maxGap: number | null
  /** Newer tool uses between a result and its later uses (nine in ten fit): the `keep` that would have kept them. */
  keepFor: number | null
  /** What to do, in words. */
  advice: string
}

const quantile = (xs: number[], q: number): number | null => {
  if (xs.length === 0) return null
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!
}

/** Pairs whose result a request's prompt holds by then, counted per request. */
function arrivals(p: ResultPresence): number[] {
  const per = new Array<number>(p.ends.length).fill(0)
  for (let j = 0; j < p.ids.length; j++) {
    const k = p.firstRequest(j)
    if (k >= 0) per[k]!++
  }
  for (let k = 1; k < per.length; k++) per[k]! += per[k - 1]!
  return per
}

/** The words of one tool's advice. */
function adviceText(a: Omit<ToolAdvice, "advice">): string {
  if (a.neededLater === 0)
    return a.fetchedAgain > 0
      ? "the agent fetched some again itself; clearing them costs nothing more"
      : "no later turn used them again: safe to clear"
  const share = a.neededLater / a.results
  const keep = a.keepFor ?? 0
  return share >= 0.3
    ? `exclude it (exclude_tools: ["${a.name}"]) or keep at least ${keep}`
    : `keep at least ${keep} to keep the ones used again`
}

/** The advice for each tool of a session, most used tools first. */
export function toolAdvice(
  p: ResultPresence,
  needs: readonly ResultNeed[]
): ToolAdvice[] {
  const pairOf = new Map(p.ids.map((id, j) => [id, j]))
  const byLast = new Map(p.ends.map((e, k) => [e, k]))
  const seen = arrivals(p)
  const by = new Map<
    string,
    { gaps: number[]; keeps: number[]; n: number; later: number; again: number }
  >()
  for (const need of needs) {
    const j = pairOf.get(need.id)
    if (j === undefined) continue
    const t = by.get(need.name) ?? {
      gaps: [],
      keeps: [],
      n: 0,
      later: 0,
      again: 0,
    }
    by.set(need.name, t)
    t.n++
    const first = p.firstRequest(j)
    if (need.uses.some((u) => u.kind === "same-call")) t.again++
    let last = -1
    for (const u of need.uses) {
      const k = u.kind === "content" ? (byLast.get(u.message - 1) ?? -1) : -1
      if (k <= first) continue
      last = k
      t.keeps.push(seen[k]! - seen[first]! + 1)
    }
    if (last > first) {
      t.later++
      t.gaps.push(last - first)
    }
  }
  return [...by.entries()]
    .sort((x, y) => y[1].n - x[1].n)
    .map(([name, t]) => {
      const a = {
        name,
        results: t.n,
        neededLater: t.later,
        fetchedAgain: t.again,
        medianGap: quantile(t.gaps, 0.5),
        maxGap: quantile(t.gaps, 1),
        keepFor: quantile(t.keeps, 0.9),
      }
      return { ...a, advice: adviceText(a) }
    })
}
