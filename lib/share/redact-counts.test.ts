import { describe, expect, it } from "vitest"

import { PRESETS } from "@/lib/presets"
import { simulateCounted } from "@/lib/tokens/counted-run"
import { loadArtifacts } from "@/test/real/load"

import { redactState } from "./redact"

/**
 * A redacted link opens at the numbers the original showed: on the counted
 * (Claude BPE × content class) numbers the page shows, every block and the
 * total stay within 3 %, for every preset and every real recorded request
 * (test/real/).
 */

const TOLERANCE = 0.03

function compare(request: unknown) {
  const before = simulateCounted(request)
  const after = simulateCounted(redactState({ request }).request)
  if (!before.ok || !after.ok) return { skipped: true as const }
  const worst = before.blocks.reduce((w, b, i) => {
    const a = after.blocks[i]!.tokensBefore
    const off = Math.abs(a - b.tokensBefore)
    return Math.max(w, off === 0 ? 0 : off / b.tokensBefore)
  }, 0)
  const total =
    Math.abs(after.original_input_tokens - before.original_input_tokens) /
    before.original_input_tokens
  return { skipped: false as const, worst, total }
}

const real = loadArtifacts().filter(
  (a) => a.kind !== "error" && a.request && typeof a.request === "object"
)

describe("redaction keeps the counted tokens", () => {
  it.each(PRESETS.map((p) => [p.id, p] as const))("preset %s", (_, preset) => {
    const r = compare(preset.build())
    expect(r.skipped).toBe(false)
    if (r.skipped) return
    expect(r.total).toBeLessThan(TOLERANCE)
    expect(r.worst).toBeLessThan(TOLERANCE)
  })

  it("every real recorded request", () => {
    const off: string[] = []
    let n = 0
    for (const a of real) {
      const r = compare(a.request)
      if (r.skipped) continue
      n++
      if (r.total >= TOLERANCE || r.worst >= TOLERANCE)
        off.push(
          `${a.slug}: total ${(100 * r.total).toFixed(1)} %, worst block ${(100 * r.worst).toFixed(1)} %`
        )
    }
    expect(n).toBeGreaterThan(100)
    expect(off).toEqual([])
  }, 120_000)
})
