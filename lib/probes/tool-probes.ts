/**
 * Probes of clear_tool_uses_20250919 (all via count_tokens). Each request's
 * deciding tool result holds most of the prompt, so whether it was cleared
 * shows as "freed at least half" against "freed nothing".
 */
import {
  ALWAYS,
  clearToolUses,
  clientPair,
  clientTools,
  edits,
  mcpPair,
  NEVER,
  prose,
  serverPair,
} from "./fixtures"
import {
  decided,
  dominance,
  dominanceProbe,
  numbers,
  type Probe,
  type ProbeContext,
  undecided,
} from "./kit"

const BIG = 3000
const start = { role: "user", content: "Run the lookups, please." }

/** One lookup whose result is `result` (the trigger probe's large prose by default). */
export function lookupBody(
  value: number,
  result = prose(BIG, 11)
): Record<string, unknown> {
  return {
    tools: clientTools(["lookup"]),
    messages: [start, ...clientPair("toolu_probe_t1", "lookup", result)],
    context_management: edits(
      clearToolUses({ type: "input_tokens", value }, 0)
    ),
  }
}

/** triggerComparison: count the prompt, then set the trigger exactly at it. */
export const triggerProbe: Probe = {
  id: "trigger-comparison",
  key: "triggerComparison",
  planned: 3,
  async run(ctx: ProbeContext) {
    const s = ctx.session
    const m = await s.count(
      "trigger above the prompt (measures it)",
      lookupBody(NEVER.value)
    )
    if (!m.ok || m.original === null || m.input !== m.original) {
      s.skip(2)
      return undecided(this, `Could not measure the prompt: ${numbers(m)}.`, [
        m,
      ])
    }
    const T = m.original
    ctx.measured = { body: lookupBody(NEVER.value), tokens: T }
    const at = await s.count(
      `trigger = ${T} (the measured count)`,
      lookupBody(T)
    )
    const below = await s.count(`trigger = ${T - 1}`, lookupBody(T - 1))
    const all = [m, at, below]
    if (dominance(below) !== "cleared")
      return undecided(
        this,
        `With the trigger one below the measured count nothing was cleared (${numbers(below)}), so the trigger does not compare against this count.`,
        all
      )
    const r = dominance(at)
    if (r === null)
      return undecided(
        this,
        `At the trigger: ${numbers(at)} — neither cleared nor untouched.`,
        all
      )
    return r === "cleared"
      ? decided(
          this,
          "gte",
          `A prompt of exactly ${T} tokens with trigger ${T} was cleared (${numbers(at)}): the trigger fires when the count reaches it (≥).`,
          all
        )
      : decided(
          this,
          "gt",
          `A prompt of exactly ${T} tokens with trigger ${T} was left alone, and with trigger ${T - 1} cleared (${numbers(below)}): the count must exceed the trigger (>).`,
          all
        )
  },
}

const N_INPUTS = 8

function inputsBody(bigInputs: boolean): Record<string, unknown> {
  const messages: unknown[] = [start]
  for (let k = 0; k < N_INPUTS; k++) {
    const input = bigInputs ? { q: prose(120, 30 + k) } : {}
    // Results long enough to count whatever smallResultChars says.
    const result = `Result ${k}: `.padEnd(80, "found in the index, ")
    messages.push(
      ...clientPair(`toolu_probe_i${k}`, "lookup", result, { input })
    )
  }
  return {
    tools: clientTools(["lookup"]),
    messages,
    context_management: edits(
      clearToolUses(ALWAYS, 0, bigInputs ? { clear_tool_inputs: true } : {})
    ),
  }
}

/**
 * clearedInputShape: inputs cleared by the edit against the same calls sent
 * with `{}` inputs. Identical counts mean the cleared input is `{}`; a
 * difference on each of the cleared inputs means another shape.
 */
export const inputShapeProbe: Probe = {
  id: "cleared-input-shape",
  key: "clearedInputShape",
  planned: 2,
  async run(ctx) {
    const all = await ctx.session.countEach([
      [`${N_INPUTS} large inputs, clear_tool_inputs: true`, inputsBody(true)],
      [`the same calls sent with input {}`, inputsBody(false)],
    ])
    const [a, b] = all
    if (!a.ok || !b.ok || a.original === null || b.original === null)
      return undecided(
        this,
        `A request failed: ${numbers(a)}; ${numbers(b)}.`,
        all
      )
    const inputsSize = a.original - b.original
    if (a.original - a.input < inputsSize / 2)
      return undecided(
        this,
        `The inputs were not cleared (${numbers(a)}; the inputs hold ${inputsSize} tokens).`,
        all
      )
    const diff = a.input - b.input
    if (Math.abs(diff) <= 1)
      return decided(
        this,
        "empty_object",
        `After clearing, ${a.input} tokens, the same as the calls sent with {} (${b.input}): a cleared input is {}.`,
        all
      )
    if (diff >= N_INPUTS / 2)
      return decided(
        this,
        "placeholder_string",
        `After clearing, ${a.input} tokens, ${diff} more than the calls sent with {} (${b.input}) — about ${(diff / N_INPUTS).toFixed(1)} per cleared input: a cleared input is not {} (the placeholder text).`,
        all
      )
    return undecided(
      this,
      `After clearing ${a.input} against ${b.input} with {}: a difference of ${diff} fits neither shape.`,
      all
    )
  },
}

/** excludedCountTowardKeep: an excluded call is the most recent, keep 1. */
export const excludedProbe = dominanceProbe(
  "excluded-keep",
  "excludedCountTowardKeep",
  {
    label: "large lookup result, then an excluded call; keep 1",
    body: {
      tools: clientTools(["lookup", "keeper"]),
      messages: [
        start,
        ...clientPair("toolu_probe_x1", "lookup", prose(BIG, 12)),
        ...clientPair("toolu_probe_x2", "keeper", "Kept note."),
      ],
      context_management: edits(
        clearToolUses(ALWAYS, 1, { exclude_tools: ["keeper"] })
      ),
    },
    say: {
      cleared:
        "the older lookup was cleared, so the excluded call took the one keep slot",
      kept: "nothing was cleared, so keep 1 went to the lookup and the excluded call took no slot",
    },
  }
)

/** clearServerToolResults: one large web_search result, keep 0. */
export const serverProbe = dominanceProbe(
  "server-tool-results",
  "clearServerToolResults",
  {
    label: "one large web_search result; keep 0",
    body: {
      tools: [{ type: "web_search_20250305", name: "web_search" }],
      messages: [start, ...serverPair("srvtoolu_probe_s1", prose(BIG, 13))],
      context_management: edits(clearToolUses(ALWAYS, 0)),
    },
    say: {
      cleared:
        "the web_search result was cleared: server tool results are clearable",
      kept: "nothing was cleared: server tool results are not clearable",
    },
  }
)

/** clearMcpToolResults: one large mcp_tool_result, keep 0. */
export const mcpProbe = dominanceProbe(
  "mcp-tool-results",
  "clearMcpToolResults",
  {
    label: "one large MCP tool result; keep 0",
    body: {
      mcp_servers: [
        { type: "url", url: "https://example.com/mcp", name: "probe" },
      ],
      betas: ["mcp-client-2025-04-04"],
      messages: [start, ...mcpPair("mcptoolu_probe_m1", prose(BIG, 14))],
      context_management: edits(clearToolUses(ALWAYS, 0)),
    },
    say: {
      cleared: "the MCP result was cleared: MCP tool results are clearable",
      kept: "nothing was cleared: MCP tool results are not clearable",
    },
  }
)

/** clearErrorResults: one large result with is_error: true, keep 0. */
export const errorProbe = dominanceProbe("error-results", "clearErrorResults", {
  label: "one large error result (is_error: true); keep 0",
  body: {
    tools: clientTools(["lookup"]),
    messages: [
      start,
      ...clientPair("toolu_probe_e1", "lookup", prose(BIG, 15), {
        isError: true,
      }),
    ],
    context_management: edits(clearToolUses(ALWAYS, 0)),
  },
  say: {
    cleared: "the error result was cleared like any other",
    kept: "nothing was cleared: error results are not clearable",
  },
})

/** toolUsesTriggerCountsServerTools: 1 client + 2 server calls, trigger 2 tool uses. */
export const toolUsesTriggerProbe = dominanceProbe(
  "tool-uses-trigger",
  "toolUsesTriggerCountsServerTools",
  {
    label:
      "1 client call (large result) + 2 web_search calls; trigger 2 tool uses, keep 0",
    body: {
      tools: [
        ...clientTools(["lookup"]),
        { type: "web_search_20250305", name: "web_search" },
      ],
      messages: [
        start,
        ...clientPair("toolu_probe_u1", "lookup", prose(BIG, 16)),
        ...serverPair("srvtoolu_probe_u2", "Short."),
        ...serverPair("srvtoolu_probe_u3", "Short."),
      ],
      context_management: edits(
        clearToolUses({ type: "tool_uses", value: 2 }, 0)
      ),
    },
    say: {
      cleared:
        "clearing ran, so the 2 server calls counted toward the trigger (3 tool uses)",
      kept: "nothing was cleared: only the 1 client call counted toward the trigger",
    },
  }
)

export const TOOL_PROBES: readonly Probe[] = [
  triggerProbe,
  inputShapeProbe,
  excludedProbe,
  serverProbe,
  mcpProbe,
  errorProbe,
  toolUsesTriggerProbe,
]
