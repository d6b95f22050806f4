/**
 * What the what-if assumes the agent does when a config takes a result out
 * of its context (docs/semantics.md#result-needs). Each assumption is a
 * named switch with the best-supported default, shown beside the numbers it
 * changes; the what-if always reads "if the agent otherwise took the same
 * steps".
 */

export interface AgentSwitches {
  /**
   * Which results a later turn needs: "content" (a later output carries a
   * distinctive piece of the result that nothing else in context holds: the
   * evidence), "never" (no later turn needs a cleared result: the bill
   * before this evidence existed), "every" (each result the config takes
   * out is fetched again once: an upper bound).
   */
  neededBy: "content" | "never" | "every"
  /** Results a compaction the config fires drops count as lost (the summary does not carry them). */
  compactionLoses: boolean
  /**
   * How long a re-fetched result stays: "as-before" (as long as the config
   * kept the original) or "to-end" (the rest of the session).
   */
  refetchStays: "as-before" | "to-end"
}

/** One switch as the page shows it. */
export interface AgentSwitchSpec<K extends keyof AgentSwitches> {
  key: K
  label: string
  description: string
  evidence: "observed" | "assumed"
  options: Array<{ value: AgentSwitches[K]; label: string }>
}

export const DEFAULT_AGENT_SWITCHES: AgentSwitches = {
  neededBy: "content",
  compactionLoses: true,
  refetchStays: "as-before",
}

export const AGENT_SWITCH_SPECS = [
  {
    key: "neededBy",
    label: "A later turn needs a cleared result",
    description:
      "when its output carries a piece of that result nothing else in context holds (observed: agents fetch again what they lost)",
    evidence: "observed",
    options: [
      { value: "content", label: "when the log shows it (evidence)" },
      { value: "never", label: "never" },
      { value: "every", label: "always, once (upper bound)" },
    ],
  },
  {
    key: "compactionLoses",
    label: "A compaction loses the results before it",
    description:
      "public logs show files read before a compaction read again after it",
    evidence: "observed",
    options: [
      { value: true, label: "yes" },
      { value: false, label: "no: the summary carries them" },
    ],
  },
  {
    key: "refetchStays",
    label: "A result fetched again stays",
    description: "in context until the config clears it again",
    evidence: "assumed",
    options: [
      { value: "as-before", label: "as long as the original did" },
      { value: "to-end", label: "to the end of the session" },
    ],
  },
] as const satisfies ReadonlyArray<AgentSwitchSpec<keyof AgentSwitches>>

/** The switches with every value it does not set at its default (values of the wrong kind ignored). */
export function agentSwitches(partial?: Partial<AgentSwitches>): AgentSwitches {
  const out = { ...DEFAULT_AGENT_SWITCHES }
  for (const spec of AGENT_SWITCH_SPECS) {
    const v = partial?.[spec.key]
    if (spec.options.some((o) => o.value === v))
      (out as Record<string, unknown>)[spec.key] = v
  }
  return out
}
