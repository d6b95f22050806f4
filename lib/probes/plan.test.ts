/**
 * The matrix: for every switch the plan settles and each of its values, a
 * run against the engine set that way (with a token estimator that differs
 * from the page's) settles it to that value and every other settled switch
 * to its default — on two models, within the request budget.
 */
import { describe, expect, it } from "vitest"

import {
  ASSUMPTION_SPECS,
  DEFAULT_ASSUMPTIONS,
  simulate,
} from "@/lib/context-editing"
import { defaultEstimator } from "@/lib/tokens"

import {
  countTokensWith,
  distortedEstimator,
} from "../../test/fake-anthropic/semantics.mjs"
import { MAX_REQUESTS, PROBED_KEYS, runProbePlan } from "./index"

const engine = { simulate }
/** A newer-tokenizer model, and one without compaction (that probe stays undecided). */
const MODELS = ["claude-opus-4-7", "claude-haiku-4-5-20251001"]
const UNDECIDABLE: Record<string, string[]> = {
  "claude-opus-4-7": [],
  "claude-haiku-4-5-20251001": ["allowCompactionWithClearEdits"],
}
const ESTIMATORS = [
  distortedEstimator(defaultEstimator, { scale: 1.37, perBlock: 2 }),
  distortedEstimator(defaultEstimator, { scale: 0.71, perBlock: 0 }),
]

function oracle(switches: Record<string, unknown>, estimator = ESTIMATORS[0]!) {
  let sent = 0
  const send = (body: object) => {
    sent++
    return Promise.resolve(countTokensWith(engine, estimator, body, switches))
  }
  return { send, sent: () => sent }
}

const flips = PROBED_KEYS.flatMap((key) => {
  const spec = ASSUMPTION_SPECS.find((s) => s.key === key)!
  const values = spec.options
    ? spec.options.map((o) => o.value)
    : typeof spec.default === "boolean"
      ? [true, false]
      : []
  return values
    .filter((v) => v !== spec.default)
    .map((value) => ({ key, value }))
})

describe.each(MODELS)("probe plan on %s", (model) => {
  it("settles every probed switch to its default when nothing is flipped", async () => {
    for (const estimator of ESTIMATORS) {
      const o = oracle({}, estimator)
      const r = await runProbePlan(o.send, { model })
      expect(o.sent()).toBeLessThanOrEqual(MAX_REQUESTS)
      expect(r.requests).toBe(o.sent())
      expect(Object.keys(r.settled).length).toBeGreaterThanOrEqual(10)
      for (const [k, v] of Object.entries(r.settled))
        expect([k, v]).toEqual([
          k,
          DEFAULT_ASSUMPTIONS[k as keyof typeof DEFAULT_ASSUMPTIONS],
        ])
      // The fitted factor recovers the oracle's scale of prose (1.37 or 0.71).
      const scale = estimator === ESTIMATORS[0] ? 1.37 : 0.71
      expect(r.calibration!.tokenFactor).toBeCloseTo(scale, 1)
    }
  })

  it.each(flips)(
    "settles $key = $value and leaves the others at their defaults",
    async ({ key, value }) => {
      const o = oracle({ [key]: value })
      const r = await runProbePlan(o.send, { model })
      expect(o.sent()).toBeLessThanOrEqual(MAX_REQUESTS)
      const expected = { ...DEFAULT_ASSUMPTIONS, [key]: value } as Record<
        string,
        unknown
      >
      for (const [k, v] of Object.entries(r.settled))
        expect([k, v]).toEqual([k, expected[k]])
      expect(r.settled[key]).toEqual(
        UNDECIDABLE[model]!.includes(key) ? undefined : value
      )
    }
  )
})

describe("switches count_tokens cannot show", () => {
  it.each([
    { placeholderText: "[Old tool result content cleared by the server]" },
    { compactionTriggerComparison: "gt" },
    { memoryWarningAt: "off" },
  ])("flipping %o is not taken for anything else", async (flip) => {
    const o = oracle(flip)
    const r = await runProbePlan(o.send, { model: "claude-opus-4-7" })
    expect(Object.keys(r.settled).length).toBeGreaterThanOrEqual(15)
    for (const [k, v] of Object.entries(r.settled))
      expect([k, v]).toEqual([
        k,
        DEFAULT_ASSUMPTIONS[k as keyof typeof DEFAULT_ASSUMPTIONS],
      ])
    for (const k of Object.keys(flip)) expect(k in r.settled).toBe(false)
  })
})

/** The oracle, but rejecting thinking bodies the way `reject` says. */
function pickyOracle(reject: (t: unknown) => boolean, switches = {}) {
  const o = oracle(switches)
  const send = (body: object) =>
    reject((body as { thinking?: { type?: unknown } }).thinking?.type)
      ? Promise.resolve({
          status: 400,
          body: {
            type: "error",
            error: {
              type: "invalid_request_error",
              message: "thinking: this model does not take this setting",
            },
          },
        })
      : o.send(body)
  return send
}

describe("models that refuse some probes", () => {
  it("uses adaptive thinking when `enabled` is refused, and leaves the enabled-only rule undecided", async () => {
    const send = pickyOracle((t) => t === "enabled", {
      currentTurnHoldsKeepSlot: false,
    })
    const r = await runProbePlan(send, { model: "claude-sonnet-5" })
    expect(r.settled.currentTurnHoldsKeepSlot).toBe(false)
    expect(r.settled.redactedThinkingCountsAsThinking).toBe(true)
    expect("rejectThinkingContinuation" in r.settled).toBe(false)
    expect("implicitThinkingDefault" in r.settled).toBe(false)
    expect(r.settled.triggerComparison).toBe("gt")
  })

  it("leaves every thinking switch undecided when thinking is refused, and still settles the rest", async () => {
    const send = pickyOracle((t) => t !== undefined, {
      clearErrorResults: false,
    })
    const r = await runProbePlan(send, { model: "claude-opus-4-7" })
    for (const k of [
      "currentTurnHoldsKeepSlot",
      "turnsWithoutThinkingHoldKeepSlot",
      "redactedThinkingCountsAsThinking",
      "requireThinkingFirst",
      "rejectThinkingContinuation",
      "implicitThinkingDefault",
    ])
      expect(k in r.settled).toBe(false)
    expect(r.settled.clearErrorResults).toBe(false)
    expect(Object.keys(r.settled).length).toBeGreaterThanOrEqual(10)
  })

  it("stops when aborted", async () => {
    const ac = new AbortController()
    const o = oracle({})
    const run = runProbePlan(o.send, {
      model: "claude-opus-4-7",
      signal: ac.signal,
      onProgress: (done) => done === 3 && ac.abort(),
    })
    await expect(run).rejects.toThrow()
    expect(o.sent()).toBe(3)
  })
})
