/**
 * A new edit kind, registered the way README.md's "Adding an edit kind" says
 * (its light half in kinds.ts, its rule in registry.ts), and every place
 * that then shows it without being touched: the catalogue, validation,
 * simulate, the session, Compare, the editor schema, the betas, the exports
 * and the store. What does not know it says so aloud: the tuner's table
 * throws, and a type no registry holds is refused, never run as another.
 */
import { describe, expect, it, vi } from "vitest"

import { clearToolUsesKind } from "./clear-tool-uses/kind"
import type { ApplyContext } from "./edit-rule"
import type { EditKind } from "./edit-kind"
import type * as Kinds from "./kinds"
import type * as Registry from "./registry"
import type { JsonPath } from "../types"
import type { SimState } from "./state"

const FAKE = "drop_marked_20990101"

// `[drop]`-marked user text blocks are removed once the prompt is over the
// trigger. It is placed like clear_tool_uses (it needs context editing, not
// thinking, and may stand anywhere in `edits`): its `needs`, `needsThinking`,
// `goesFirst`, `replacesThinkingDefault` and `blocks` are those.
const fakeKind: EditKind<{ type: string; trigger?: unknown }> = {
  ...clearToolUsesKind,
  label: "Drop marked text",
  short: "drop_marked",
  blurb: "Removes user text blocks marked [drop].",
  menuNote: "marked text → gone",
  beta: "drop-marked-2099-01-01",
  keys: ["type", "trigger"],
  defaults: { trigger: { type: "input_tokens", value: 1 } },
  limits: { dropTriggerMin: 1 },
  fresh: () => ({ type: FAKE }),
  applied: { field: "cleared_marked_blocks", unit: "marked block" },
  verdicts: ["dropped", "nothing dropped"],
  compare: {
    id: "marked",
    label: "Drop marked text",
    description: () => "Remove the marked user text.",
    clause: () => "drop marked text",
  },
  langchain: `${FAKE} has no LangChain counterpart.`,
  editorSchema: ({ z, count }) =>
    z.strictObject({
      type: z.literal(FAKE),
      trigger: z
        .object({ type: z.literal("input_tokens"), value: count(1, "x") })
        .optional(),
    }),
}

vi.mock("./kinds", async (importOriginal) => {
  const real = await importOriginal<typeof Kinds>()
  const EDIT_KINDS = { ...real.EDIT_KINDS, [FAKE]: fakeKind }
  return {
    ...real,
    EDIT_KINDS,
    editKind: (t: unknown) =>
      typeof t === "string" && Object.hasOwn(EDIT_KINDS, t)
        ? EDIT_KINDS[t as keyof typeof EDIT_KINDS]
        : undefined,
  }
})

vi.mock("./registry", async (importOriginal) => {
  const real = await importOriginal<typeof Registry>()
  const { decide, setBlock } = await import("./state")
  const { typedValue } = await import("./shapes")
  type N = { type: string; index: number; trigger: number }
  const rule = {
    validate: (e: Record<string, unknown>, index: number, p: JsonPath) => {
      if (e.trigger === undefined)
        return { ok: true, value: { type: FAKE, index, trigger: 1 } as never }
      const t = typedValue(e, p, "trigger", { tags: ["input_tokens"], min: 1 })
      return t.ok
        ? {
            ok: true,
            value: { type: FAKE, index, trigger: t.value.value } as never,
          }
        : t
    },
    apply: (s: SimState, e: N, _ctx: ApplyContext) => {
      const before = s.total
      let n = 0
      if (s.total > e.trigger)
        s.a.recs.forEach((r, i) => {
          const text = (r.block as { text?: unknown }).text
          if (r.role !== "user" || typeof text !== "string") return
          if (!text.startsWith("[drop]") || s.blocks[i] === null) return
          setBlock(s, i, null, 0)
          decide(s, i, "removed", e.index, e.type as never, "Marked [drop]")
          n++
        })
      const entry = {
        type: FAKE,
        cleared_marked_blocks: n,
        cleared_input_tokens: before - s.total,
      }
      return {
        trace: {
          index: e.index,
          type: e.type as never,
          applied: n > 0,
          entry: n > 0 ? (entry as never) : null,
          tokensBefore: before,
          tokensAfter: s.total,
          steps: [{ id: "drop", outcome: "info", text: `${n} dropped` }],
          stoppedAt: null,
        },
      }
    },
    session: null,
  }
  return {
    ...real,
    ruleFor: (type: string) =>
      type === FAKE ? rule : real.ruleFor(type as never),
    applyEdit: (s: SimState, e: N, ctx: ApplyContext) =>
      e.type === FAKE
        ? rule.apply(s, e as never, ctx)
        : real.applyEdit(s, e as never, ctx),
  }
})

const catalogue = await import("./catalogue")
const { appliedText, betaHeadersFor, defaultEdit, verdictOf } = catalogue
const { parseEdits } = await import("./parse-edits")
const { editTypeCode } = await import("./state")
const { simulate } = await import("../result/simulate")
const { timeline } = await import("../session/timeline")
const { strategies } = await import("../tuner/compare")
const { editsOf } = await import("../tuner/kinds")
const { REQUEST_JSON_SCHEMA } = await import("@/lib/schema/request-json-schema")
const { exportLangChain, expectedEdits, prepareRequest } =
  await import("@/lib/export")
const { addEdit } = await import("@/lib/state/edits")

const text = (t: string) => ({ type: "text", text: t })
/** Three rounds; each question carries a marked note. */
const request = (edits: unknown[]) => ({
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [1, 2, 3].flatMap((k) => [
    {
      role: "user",
      content: [text(`Question ${k}`), text(`[drop] note ${k} `.repeat(40))],
    },
    { role: "assistant", content: [text(`Answer ${k}`)] },
  ]),
  context_management: { edits },
})

describe("a new edit kind, registered in kinds.ts and registry.ts", () => {
  it("is in every table the catalogue derives", () => {
    const fake = FAKE as never
    expect(catalogue.EDIT_TYPES.at(-1)).toBe(FAKE)
    expect(catalogue.SEND_ORDER.at(-1)).toBe(FAKE)
    expect(catalogue.EDIT_LABELS[fake]).toBe("Drop marked text")
    expect(catalogue.EDIT_BETAS[fake]).toBe("drop-marked-2099-01-01")
    expect(catalogue.EDIT_DEFAULTS[fake]).toEqual(fakeKind.defaults)
    expect(catalogue.EDIT_LIMITS).toMatchObject({
      dropTriggerMin: 1,
      thinkingTurnsMin: 1,
    })
    expect(defaultEdit(FAKE as never)).toEqual({ type: FAKE })
  })

  it("is validated with its own keys and rule, in the API's words", () => {
    const ok = parseEdits({ edits: [{ type: FAKE }] })
    expect(ok.ok && ok.value).toEqual([{ type: FAKE, index: 0, trigger: 1 }])
    const extra = parseEdits({ edits: [{ type: FAKE, keep: 1 }] })
    expect(!extra.ok && extra.error).toMatchObject({
      path: ["context_management", "edits", 0, "keep"],
      message:
        "context_management.edits.0.keep: Extra inputs are not permitted",
    })
    const low = parseEdits({
      edits: [{ type: FAKE, trigger: { type: "input_tokens", value: 0 } }],
    })
    expect(!low.ok && low.error.message).toMatch(/greater than or equal to 1/)
  })

  it("runs in simulate: its outcomes, trace, applied_edits entry and beta", () => {
    const r = simulate(request([{ type: FAKE }]))
    if (!r.ok) throw new Error(r.error.message)
    const dropped = r.blocks.filter((b) => b.status === "removed")
    expect(dropped).toHaveLength(3)
    expect(dropped.every((b) => (b.editType as string) === FAKE)).toBe(true)
    expect(r.edits[0]).toMatchObject({ type: FAKE, applied: true })
    expect(verdictOf(r.edits[0]!)).toBe("dropped")
    const entry = r.context_management!.applied_edits[0]!
    expect(appliedText(entry)).toBe("3 marked blocks")
    expect(r.input_tokens).toBeLessThan(r.original_input_tokens)
    expect(r.betas).toContain("drop-marked-2099-01-01")
    expect(betaHeadersFor(request([{ type: FAKE }]))).toContain(
      "drop-marked-2099-01-01"
    )
  })

  it("takes part in the cross-field rules it declares (duplicates, model support)", () => {
    const twice = simulate(request([{ type: FAKE }, { type: FAKE }]))
    expect(!twice.ok && twice.error.message).toMatch(
      `duplicate context management strategy \`${FAKE}\``
    )
    const old = simulate({
      ...request([{ type: FAKE }]),
      model: "claude-3-haiku-20240307",
    })
    expect(!old.ok && old.error.message).toMatch(
      `does not support the '${FAKE}'`
    )
  })

  it("has no session rule, so timeline() simulates each request, with simulate's numbers", () => {
    const req = request([{ type: FAKE }])
    const t = timeline(req)
    expect(t.engine).toBe("per-request")
    for (const p of t.points) {
      const alone = simulate({
        ...req,
        messages: req.messages.slice(0, p.lastMessage + 1),
      })
      expect(p.ok && alone.ok && p.inputTokens).toBe(
        alone.ok && alone.input_tokens
      )
    }
  })

  it("gets its own Compare row and joins the all-of-them row", () => {
    const rows = strategies(request([]))
    expect(rows.find((r) => r.id === ("marked" as never))?.edits).toEqual([
      { type: FAKE },
    ])
    const all = rows.find((r) => r.id === "all")!
    expect(all.edits?.at(-1)).toEqual({ type: FAKE })
    expect(all.description).toMatch(/drop marked text\.$/)
  })

  it("appears in the editor schema, the exports' betas and notes, and the store's add order", () => {
    expect(JSON.stringify(REQUEST_JSON_SCHEMA)).toContain(FAKE)
    const req = request([{ type: FAKE }])
    expect(prepareRequest(req, "messages")!.betas).toContain(
      "drop-marked-2099-01-01"
    )
    const r = expectedEdits(req)
    expect(r.ok && r.edits).toEqual([[FAKE, 3]])
    const withTools = request([
      { type: FAKE },
      { type: "clear_tool_uses_20250919" },
    ])
    expect(exportLangChain(withTools, "python")).toContain(
      `edits[0]: ${FAKE} has no LangChain counterpart.`
    )
    const added = addEdit(request([defaultEdit("clear_thinking_20251015")]), {
      type: FAKE,
    })
    expect(
      (added.context_management as { edits: { type: string }[] }).edits.map(
        (e) => e.type
      )
    ).toEqual(["clear_thinking_20251015", FAKE])
  })
})

describe("what does not know a kind says so, never treats it as another", () => {
  it("the tuner's table has no entry for it: its first use throws, naming the kind", () => {
    expect(() => editsOf({})).toThrow(`no entry for the edit kind "${FAKE}"`)
  })

  it("a type no registry holds gets no state code and no rule", async () => {
    const { ruleFor } = await vi.importActual<typeof Registry>("./registry")
    expect(() => editTypeCode("nope_20990101" as never)).toThrow(
      'No edit kind "nope_20990101"'
    )
    expect(() => ruleFor("nope_20990101" as never)).toThrow(
      'No rule registered for edit type "nope_20990101"'
    )
    const r = parseEdits({ edits: [{ type: "nope_20990101" }] })
    // The API's refusal, listing every registered kind (the new one too).
    expect(!r.ok && r.error.message).toMatch(
      /Input tag 'nope_20990101' .* 'compact_20260112', 'drop_marked_20990101'$/
    )
  })
})
