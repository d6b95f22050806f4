/**
 * Text for generated Claude Code logs, fast: one pool of source code and
 * one of prose, built once from the session generator's producers, and
 * slices of them cut at line starts. A 1 GB folder then costs string
 * slicing and JSON escaping, not sentence building.
 */
import type { Random } from "../prng"
import { codeProducer } from "../text/code"
import { fillToBudget } from "../text/fill"
import { proseProducer } from "../text/prose"
import { SOFTWARE } from "../text/vocab"
import { createRandom } from "../prng"

let pools: { code: string; prose: string } | null = null

function build(): { code: string; prose: string } {
  const r = createRandom(7)
  const code: string[] = []
  for (const path of ["src/lib/cache-store.ts", "services/queue_worker.py"])
    code.push(fillToBudget(codeProducer(r, path), 200_000))
  return {
    code: code.join("\n"),
    prose: fillToBudget(proseProducer(r, SOFTWARE), 80_000),
  }
}

/** A slice of about `chars` characters of the pool, starting at a line. */
function slice(pool: string, random: Random, chars: number): string {
  const n = Math.max(1, Math.min(chars, pool.length - 1))
  let start = Math.floor(random() * (pool.length - n))
  const nl = pool.lastIndexOf("\n", start)
  start = nl < 0 ? 0 : nl + 1
  const parts: string[] = []
  let left = n
  // Longer than the pool: wrap around (a big file read twice over).
  while (left > 0) {
    const piece = pool.slice(start, start + left)
    parts.push(piece)
    left -= piece.length
    start = 0
  }
  return parts.join("")
}

/** Source code of about `chars` characters. */
export function codeText(random: Random, chars: number): string {
  pools ??= build()
  return slice(pools.code, random, chars)
}

/** Prose of about `chars` characters (one line, as a reply). */
export function proseText(random: Random, chars: number): string {
  pools ??= build()
  return slice(pools.prose, random, chars).replace(/\n+/g, " ").trim()
}
