/**
 * The refined count weighs each BPE piece by what it is: table rows by the
 * table factor, wide and other-alphabet pieces by their script's factor,
 * the rest by the class of the text around them. Checked against the real
 * Claude BPE counted by hand on the parts of each text.
 */
import { describe, expect, it } from "vitest"

import { claudeBpe } from "./claude-bpe"
import { CLASS_FACTOR, refinedRaw } from "./refine"
import { tableRuns } from "./table-lines"

const bpe = claudeBpe()
const prose =
  "The review covers lifespan studies across eight model organisms, and it " +
  "weighs each intervention by how often independent labs reproduced it.\n\n"
const table =
  "| Strain      | Condition | Median   | n   |\n" +
  "|-------------|-----------|----------|-----|\n" +
  "| Reference-A | standard  | +25-35%  | 120 |\n" +
  "| Reference-B | DR        | +18-25%  | 100 |\n"

describe("markdown table rows", () => {
  it("finds the rows and the lines around them, whole lines each", () => {
    const text = prose + table + "\nThat is all."
    const runs = tableRuns(text)!
    expect(runs.map((r) => r.table)).toEqual([false, true, false])
    expect(text.slice(runs[1]!.from, runs[1]!.to)).toBe(table)
    expect(tableRuns("a | b | c, but no row starts with a bar")).toBeNull()
    expect(tableRuns(prose)).toBeNull()
  })

  it("counts the rows at the table factor and the prose at the prose factor", () => {
    const text = prose + table
    const expected =
      bpe.count(prose) * CLASS_FACTOR.prose +
      bpe.count(table) * CLASS_FACTOR.table
    expect(refinedRaw(text, bpe.count)).toBeCloseTo(expected, 6)
  })

  it("decides the class of the other lines without the rows", () => {
    // The rows are full of bars (code symbols); the prose stays prose.
    const text = prose + table.repeat(6)
    const rows = table.repeat(6)
    expect(refinedRaw(text, bpe.count)).toBeCloseTo(
      bpe.count(prose) * CLASS_FACTOR.prose +
        bpe.count(rows) * CLASS_FACTOR.table,
      6
    )
  })
})

describe("pieces in other scripts", () => {
  it("scales Japanese inside code by the wide factor, not the code factor", () => {
    const code =
      'const title = "日本語のテキスト"; // 見出し\nexport { title }\n'
    const parts = bpe.count.parts(code)
    expect(parts.wide).toBeGreaterThan(0)
    expect(parts.latin + parts.wide + parts.alpha).toBe(bpe.count(code))
    expect(refinedRaw(code, bpe.count)).toBeCloseTo(
      parts.latin * CLASS_FACTOR.code + parts.wide * CLASS_FACTOR.wide,
      6
    )
  })

  it("scales Cyrillic pieces by the alphabet factor", () => {
    const ru = "Привет, как дела? Я читаю интересную книгу о языках."
    const parts = bpe.count.parts(ru)
    expect(parts.alpha).toBeGreaterThan(parts.latin)
    expect(refinedRaw(ru, bpe.count)).toBeCloseTo(
      parts.latin * CLASS_FACTOR.prose + parts.alpha * CLASS_FACTOR.alpha,
      6
    )
  })
})

describe("the newer tokenizer's premium", () => {
  const ja =
    "日本国民は、正当に選挙された国会における代表者を通じて行動し、われらとわれらの子孫のために"
  const en = "The review covers lifespan studies across eight model organisms."
  const legacy = { family: "legacy", factor: 1 } as const
  const next = { family: "next", factor: 1 } as const

  it("is not taken by Japanese text, instant or counted; English prose takes it", async () => {
    const { createHeuristicEstimator } = await import("./heuristic-estimator")
    const { createRefineTable, createRefinedEstimator, contentKey } =
      await import("./refine")
    const instant = createHeuristicEstimator()
    expect(instant.countText(ja, next)).toBe(instant.countText(ja, legacy))
    expect(instant.countText(en, next)).toBeGreaterThan(
      instant.countText(en, legacy) * 1.25
    )
    const table = createRefineTable()
    for (const t of [ja, en])
      table.counts.set(contentKey(t), refinedRaw(t, bpe.count))
    const counted = createRefinedEstimator(table)
    expect(counted.countText(ja, next)).toBe(counted.countText(ja, legacy))
    expect(counted.countText(en, next)).toBeGreaterThan(
      counted.countText(en, legacy) * 1.25
    )
  })
})
