/**
 * Keep-only re-runs (keep-rerun.ts): changing only `keep` on the same
 * messages patches the previous run. Whatever path the engine takes, every
 * result must be exactly what a fresh run on a re-parsed copy gives, and
 * earlier results must stay as they were.
 */
import { describe, expect, it } from "vitest"

import {
  clearTools,
  deepFreeze,
  prose,
  rng,
  thinkingTurn,
  tokens,
  toolConversation,
  toolRound,
  uses,
} from "./__fixtures__/build"
import { simulate } from "./simulate"
import type { SimulateOptions, SimulateSuccess } from "./types"

type Msg = Record<string, unknown>

/** Parallel calls, an error result, a server tool pair and thinking. */
function mixedConversation(): Msg[] {
  const out: Msg[] = [{ role: "user", content: "Investigate the outage." }]
  for (let k = 0; k < 10; k++) {
    out.push(
      ...toolRound(
        [
          {
            id: `a${k}`,
            name: k % 3 ? "search" : "fetch",
            result: 300 + 90 * k,
          },
          ...(k % 4 === 1
            ? [{ id: `b${k}`, name: "search", result: 500, isError: k === 5 }]
            : []),
        ],
        `Round ${k}.`
      )
    )
    if (k % 4 === 2)
      out.push(thinkingTurn(k, 400), { role: "user", content: "Go on." })
    if (k === 6)
      out.push(
        {
          role: "assistant",
          content: [
            {
              type: "server_tool_use",
              id: "srv_1",
              name: "web_search",
              input: { query: "status page" },
            },
            {
              type: "web_search_tool_result",
              tool_use_id: "srv_1",
              content: [
                {
                  type: "web_search_result",
                  url: "https://status.example.com",
                  title: "Status",
                  encrypted_content: "Zm9v".repeat(200),
                },
              ],
            },
            { type: "text", text: "Found the status page." },
          ],
        },
        { role: "user", content: "Keep going." }
      )
  }
  out.push({ role: "assistant", content: "Done." })
  out.push({ role: "user", content: "Summarise." })
  return out
}

/** A conversation replayed from a compaction block (earlier messages ignored). */
function compactedConversation(): Msg[] {
  return [
    ...toolConversation(3, 400),
    {
      role: "assistant",
      content: [{ type: "compaction", content: prose(77, 600) }],
    },
    { role: "user", content: "Continue from the summary." },
    ...Array.from({ length: 8 }, (_, k) =>
      toolRound([{ id: `c${k}`, name: "search", result: 700 }], `Again ${k}.`)
    ).flat(),
    { role: "assistant", content: "Done." },
    { role: "user", content: "Thanks." },
  ]
}

interface Case {
  name: string
  messages: Msg[]
  edits: (keep: number) => Array<Record<string, unknown>>
  extra?: Record<string, unknown>
  options?: SimulateOptions
}

const tool = (keep: number, fields: Record<string, unknown> = {}) =>
  clearTools({ trigger: tokens(500), keep: uses(keep), ...fields })

const cases: Case[] = [
  {
    name: "sequential calls",
    messages: toolConversation(14, 800),
    edits: (k) => [tool(k)],
  },
  {
    name: "clear_at_least gate, inputs cleared for one tool",
    messages: mixedConversation(),
    edits: (k) => [
      tool(k, {
        clear_at_least: tokens(600),
        clear_tool_inputs: ["fetch"],
        exclude_tools: ["memory"],
      }),
    ],
  },
  {
    name: "thinking cleared first, every input cleared",
    messages: mixedConversation(),
    extra: { thinking: { type: "enabled", budget_tokens: 2000 } },
    edits: (k) => [
      {
        type: "clear_thinking_20251015",
        keep: { type: "thinking_turns", value: 1 },
      },
      tool(k, { clear_tool_inputs: true }),
    ],
    options: { assumptions: { clearedInputShape: "placeholder_string" } },
  },
  {
    name: "excluded and error pairs take keep slots",
    messages: mixedConversation(),
    edits: (k) => [tool(k, { exclude_tools: ["fetch"] })],
    options: {
      assumptions: { excludedCountTowardKeep: true, clearErrorResults: false },
    },
  },
  {
    name: "compaction replay drops earlier messages",
    messages: compactedConversation(),
    edits: (k) => [{ type: "compact_20260112" }, tool(k)],
  },
]

const KEEPS = [3, 4, 6, 5, 1, 0, 2, 9, 2, 40, 3, 3, 7]

const body = (c: Case, messages: Msg[], keep: number) => ({
  model: "claude-sonnet-4-6",
  max_tokens: 4096,
  ...c.extra,
  messages,
  context_management: { edits: c.edits(keep) },
})

describe("keep-only re-runs", () => {
  for (const c of cases)
    it(`match a fresh run at every step: ${c.name}`, () => {
      const shared = deepFreeze(structuredClone(c.messages))
      const base = body(c, shared, KEEPS[0]!)
      let cleared = new Set<number>()
      for (const keep of KEEPS) {
        const again = simulate(
          { ...base, context_management: { edits: c.edits(keep) } },
          c.options
        )
        const fresh = simulate(
          JSON.parse(JSON.stringify(body(c, c.messages, keep))),
          c.options
        )
        expect(JSON.stringify(again), `keep ${keep}`).toBe(
          JSON.stringify(fresh)
        )
        if (!again.ok) throw new Error(again.error.message)
        cleared = new Set(
          again.blocks.flatMap((o, i) => (o.status === "cleared" ? [i] : []))
        )
      }
      // The chain really clears something (not a vacuous comparison).
      expect(cleared.size).toBeGreaterThan(0)
    })

  it("match a fresh run on random conversations and keep chains", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = rng(seed)
      const int = (lo: number, hi: number) =>
        lo + Math.floor(r() * (hi - lo + 1))
      const names = ["search", "fetch", "memory"]
      const messages: Msg[] = [{ role: "user", content: "Start." }]
      for (let k = 0; k < int(1, 16); k++)
        messages.push(
          ...toolRound(
            Array.from({ length: int(1, 3) }, (_, j) => ({
              id: `t${k}_${j}`,
              name: names[int(0, 2)]!,
              result: int(10, 900),
              isError: r() < 0.15,
            }))
          )
        )
      messages.push({ role: "assistant", content: "Done." })
      const fields = {
        trigger: r() < 0.5 ? tokens(int(1, 3000)) : uses(int(1, 12)),
        ...(r() < 0.4 ? { clear_at_least: tokens(int(0, 2000)) } : {}),
        ...(r() < 0.4 ? { exclude_tools: ["memory"] } : {}),
        ...(r() < 0.4
          ? { clear_tool_inputs: r() < 0.5 ? true : ["search"] }
          : {}),
      }
      const options: SimulateOptions = {
        assumptions: {
          excludedCountTowardKeep: r() < 0.3,
          clearErrorResults: r() < 0.7,
        },
      }
      const shared = deepFreeze(structuredClone(messages))
      const base = { model: "claude-opus-4-7", messages: shared }
      for (let step = 0; step < 6; step++) {
        const edits = [clearTools({ ...fields, keep: uses(int(0, 10)) })]
        const again = simulate(
          { ...base, context_management: { edits } },
          options
        )
        const fresh = simulate(
          structuredClone({ ...base, messages, context_management: { edits } }),
          options
        )
        expect(JSON.stringify(again), `seed ${seed} step ${step}`).toBe(
          JSON.stringify(fresh)
        )
      }
    }
  })

  it("leaves earlier results exactly as they were", () => {
    const c = cases[1]!
    const shared = deepFreeze(structuredClone(c.messages))
    const seen: Array<[SimulateSuccess, string]> = []
    for (const keep of [2, 3, 5, 4, 1]) {
      const r = simulate(body(c, shared, keep))
      if (!r.ok) throw new Error(r.error.message)
      seen.push([r, JSON.stringify(r)])
    }
    for (const [r, json] of seen) expect(JSON.stringify(r)).toBe(json)
    // Different keeps clear different numbers of tool uses.
    const counts = seen.map(([r]) => {
      const entry = r.context_management?.applied_edits[0]
      return entry && "cleared_tool_uses" in entry
        ? entry.cleared_tool_uses
        : null
    })
    expect(new Set(counts).size).toBeGreaterThan(2)
  })

  it("re-uses every outcome and message that keep does not touch", () => {
    const messages = deepFreeze(toolConversation(12, 600))
    const run = (keep: number) => {
      const r = simulate({
        model: "claude-sonnet-4-6",
        messages,
        context_management: { edits: [tool(keep)] },
      })
      if (!r.ok) throw new Error(r.error.message)
      return r
    }
    const a = run(3)
    const b = run(4)
    const newOutcomes = b.blocks.filter((o) => !a.blocks.includes(o))
    // The four kept pairs are new (their reasons name keep 4; one of them
    // was cleared before). Nothing else is rebuilt.
    expect(newOutcomes).toHaveLength(2 * 4)
    expect(newOutcomes.every((o) => o.status === "kept_recent")).toBe(true)
    expect(newOutcomes.every((o) => o.reason.includes("keep: 4"))).toBe(true)
    const am = a.request.messages as Msg[]
    const bm = b.request.messages as Msg[]
    expect(bm).toHaveLength(am.length)
    // Only the message holding the result that is no longer cleared differs.
    const differ = bm.flatMap((m, i) => (m === am[i] ? [] : [i]))
    expect(differ).toHaveLength(1)
    expect(bm[differ[0]!]).toBe(messages[differ[0]!])
  })
})
