import { describe, expect, it } from "vitest"

import { simulate, type SimulateSuccess } from "@/lib/context-editing"
import { checkToolPairing } from "@/lib/generate"

import {
  getLesson,
  isRight,
  LESSONS,
  type LessonRun,
  misreadingOf,
  runLesson,
} from "./index"

function run(id: string): LessonRun {
  const lesson = getLesson(id)
  if (!lesson) throw new Error(`no lesson ${id}`)
  const r = runLesson(lesson)
  if ("error" in r) throw new Error(r.error)
  return r
}

function sim(request: unknown, options?: Parameters<typeof simulate>[1]) {
  const r = simulate(request, options)
  if (!r.ok) throw new Error(r.error.message)
  return r as SimulateSuccess
}

type Edits = { edits: Array<Record<string, unknown>> }
/** The lesson's request with its first edit changed. */
function withEdit(run: LessonRun, change: Record<string, unknown>) {
  const cm = run.request.context_management as Edits
  return {
    ...run.request,
    context_management: { edits: [{ ...cm.edits[0], ...change }] },
  }
}

describe("LESSONS", () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))(
    "%s: a valid request, a situation with numbers, an answer the question accepts",
    (_id, lesson) => {
      const r = runLesson(lesson)
      if ("error" in r) throw new Error(r.error)
      expect(checkToolPairing(r.request)).toEqual([])
      expect(r.situation).toMatch(/\d/)
      expect(r.traces.length).toBeGreaterThan(0)
      expect(isRight(r, String(r.answer))).toBe(true)
      if (lesson.question.kind === "choice") {
        const ids = lesson.question.choices.map((c) => c.id)
        expect(ids).toContain(r.answer)
        for (const wrong of ids.filter((c) => c !== r.answer))
          expect(isRight(r, wrong)).toBe(false)
      } else {
        expect(isRight(r, String(Number(r.answer) + 1))).toBe(false)
      }
      // Deterministic: the same lesson tells the same story every time.
      const again = runLesson(lesson) as LessonRun
      expect(again.situation).toBe(r.situation)
    }
  )

  it("has unique ids usable in a link", () => {
    const ids = LESSONS.map((l) => l.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]*$/)
  })
})

describe("answers come from the engine", () => {
  it("trigger: below the default 100k nothing is cleared; over it, results are", () => {
    const r = run("trigger")
    expect(r.result.original_input_tokens).toBeLessThan(100_000)
    expect(r.answer).toBe("no")
    const low = sim(
      withEdit(r, { trigger: { type: "input_tokens", value: 10_000 } })
    )
    expect(r.lesson.answer(low)).toBe("yes")
  })

  it("keep: the count is the number of results replaced by the placeholder", () => {
    const r = run("keep")
    const cleared = r.result.blocks.filter(
      (b) => b.type === "tool_result" && b.status === "cleared"
    )
    expect(r.answer).toBe(cleared.length)
    expect(cleared.every((b) => b.placeholder === "[cleared]")).toBe(true)
    const keep5 = sim(withEdit(r, { keep: { type: "tool_uses", value: 5 } }))
    expect(r.lesson.answer(keep5)).toBe(Number(r.answer) - 2)
  })

  it("exclude: excluded calls take no keep slot by default; the switch clears one more, as the rule says", () => {
    const r = run("exclude")
    const memory = r.result.blocks.filter((b) => b.toolName === "memory")
    expect(memory.every((b) => b.status === "excluded")).toBe(true)
    const langchain = sim(r.request, {
      assumptions: { excludedCountTowardKeep: true },
    })
    expect(r.lesson.answer(langchain)).toBe(Number(r.answer) + 1)
    expect(r.lesson.rule).toContain("one more")
  })

  it("gate: nothing is cleared, although clearing outside keep would free tokens", () => {
    const r = run("gate")
    expect(r.answer).toBe("none")
    expect(r.result.context_management).toEqual({ applied_edits: [] })
    const gate = r.result.edits[0]!
    expect(gate.stoppedAt).toBe("gate")
    const noGate = sim(withEdit(r, { clear_at_least: null }))
    expect(r.lesson.answer(noGate)).toBe("some")
  })

  it("cache: with automatic caching the clear costs more this request; without caching it costs less", () => {
    const r = run("cache")
    expect(r.answer).toBe("dearer")
    expect(r.result.input_tokens).toBeLessThan(
      r.result.original_input_tokens / 2
    )
    const { cache_control: _, ...uncached } = r.request
    expect(r.lesson.answer(sim(uncached))).toBe("cheaper")
  })

  it("thinking turns: every earlier turn loses its thinking with keep 1 (not all but one)", () => {
    const r = run("thinking-turns")
    const turns = new Set(
      r.result.blocks
        .filter((b) => b.type === "thinking")
        .map((b) => b.messageIndex)
    )
    expect(r.answer).toBe(turns.size)
    const keep2 = sim(
      withEdit(r, { keep: { type: "thinking_turns", value: 2 } })
    )
    expect(r.lesson.answer(keep2)).toBe(turns.size - 1)
  })

  it("thinking default: an older model drops all earlier thinking with no edit and no applied_edits entry; a newer one keeps it", () => {
    const r = run("thinking-default")
    expect(r.request.context_management).toBeUndefined()
    expect(r.result.context_management).toBeNull()
    expect(r.answer).toBe("none")
    expect(r.result.input_tokens).toBe(r.result.original_input_tokens)
    expect(r.traces.map((t) => t.label)).toEqual(["model default"])
    expect(r.config).toMatch(/no context_management/)
    const newer = sim({ ...r.request, model: "claude-sonnet-4-6" })
    expect(r.lesson.answer(newer)).toBe("all")
    const explicit = sim({
      ...r.request,
      context_management: {
        edits: [{ type: "clear_thinking_20251015", keep: "all" }],
      },
    })
    expect(r.lesson.answer(explicit)).toBe("all")
  })

  it("compaction: every block before the replayed compaction block is ignored", () => {
    const r = run("compaction")
    const at = r.result.blocks.findIndex((b) => b.type === "compaction")
    expect(at).toBeGreaterThan(0)
    expect(
      r.result.blocks.slice(0, at).every((b) => b.status === "ignored")
    ).toBe(true)
    expect(r.answer).toBe("summary")
  })
})

describe("isRight", () => {
  it("reads a typed count the way people write numbers", () => {
    const r = run("keep")
    const a = Number(r.answer)
    expect(isRight(r, ` ${a} `)).toBe(true)
    expect(isRight(r, `${a}.5`)).toBe(false)
    expect(isRight(r, "")).toBe(false)
    expect(isRight(r, "five")).toBe(false)
    expect(isRight(r, "-5")).toBe(false)
  })
})

describe("README", () => {
  it("lists every lesson id a #learn= link accepts", async () => {
    const { readFile } = await import("node:fs/promises")
    const readme = await readFile(
      new URL("../../README.md", import.meta.url),
      "utf8"
    )
    const line = readme.split("\n").find((l) => l.includes("#learn=")) ?? ""
    const listed = [...line.matchAll(/`([a-z-]+)`/g)].map((m) => m[1])
    expect(listed).toEqual(LESSONS.map((l) => l.id))
  })
})

describe("misreadingOf", () => {
  it("names the misreading behind a typical wrong answer, and only then", () => {
    const keep = run("keep")
    expect(misreadingOf(keep, "3")).toContain("how many are kept")
    expect(misreadingOf(keep, String(keep.answer))).toBeNull()
    expect(misreadingOf(keep, "7")).toBeNull()

    // The alternative answer is the engine's, with the other assumption.
    const exclude = run("exclude")
    const a = Number(exclude.answer)
    expect(misreadingOf(exclude, String(a + 1))).toContain("LangChain")
    expect(misreadingOf(exclude, String(a + 2))).toBeNull()

    const gate = run("gate")
    expect(misreadingOf(gate, "more")).toContain("gate")
    expect(misreadingOf(gate, "some")).toBeNull()

    const thinking = run("thinking-turns")
    const t = Number(thinking.answer)
    // The docs' literal reading is named as such, with the observation.
    const literal = misreadingOf(thinking, String(t - 1))
    expect(literal).toContain("turn being generated")
    expect(literal).toContain("docs' literal reading")
    expect(thinking.lesson.rule).toMatch(/docs describe `keep`/)
    expect(thinking.lesson.rule).toMatch(/cleared_thinking_turns/)
    expect(misreadingOf(thinking, "not a number")).toBeNull()

    // "All of it" is what the default model does: the engine says so.
    const byDefault = run("thinking-default")
    expect(misreadingOf(byDefault, "all")).toContain("Claude Sonnet 4.6 does")
    expect(misreadingOf(byDefault, "last")).toContain("one being generated")
    expect(misreadingOf(byDefault, "none")).toBeNull()
  })
})

describe("the memory tool lesson", () => {
  it("clears earlier memory views without exclude_tools, and none with it", () => {
    const r = run("memory")
    expect(r.answer).toBe("yes")
    const excluded = sim(withEdit(r, { exclude_tools: ["memory"] }))
    expect(
      excluded.blocks.filter(
        (b) => b.toolName === "memory" && b.status === "cleared"
      )
    ).toHaveLength(0)
  })
})

describe("one count: a lesson counts as the page does", () => {
  it("states the page's counted numbers when given the page's estimator", async () => {
    const { claudeBpe } = await import("@/lib/tokens/claude-bpe")
    const { createRefinedEstimator, createRefineTable, refinedRaw } =
      await import("@/lib/tokens/refine")
    const { simulateCounted } = await import("@/lib/tokens/counted-run")
    const { approx } = await import("./read")
    const lesson = getLesson("cache")!
    // The page's estimator once the worker has counted every string.
    const bpe = claudeBpe()
    const table = createRefineTable()
    for (let round = 0; round < 4; round++) {
      runLesson(lesson, { estimator: createRefinedEstimator(table) })
      for (const [key, text] of table.misses)
        table.counts.set(key, refinedRaw(text, bpe.count))
      table.misses.clear()
    }
    const r = runLesson(lesson, { estimator: createRefinedEstimator(table) })
    if ("error" in r) throw new Error(r.error)
    // The counted numbers of the lesson's request, as lib/tokens gives them.
    const page = simulateCounted(lesson.build())
    if (!page.ok) throw new Error(page.error.message)
    expect(r.situation).toContain(
      `${approx(page.original_input_tokens)} input tokens`
    )
    expect(r.situation).toContain(`${approx(page.input_tokens)} tokens instead`)
    // And they are not the instant estimate's.
    const instant = run("cache")
    expect(instant.situation).not.toContain(
      `${approx(page.original_input_tokens)} input tokens`
    )
  })
})
