// The tuner's answer as `npm run report` prints it (text mode).
import type { FleetTuneResult } from "@/lib/fleet/tune"

const row = (cost: number, peak: number) =>
  `$${cost.toFixed(2).padStart(10)}  peak ${Math.round(peak).toLocaleString("en-US").padStart(9)}`

export function tuneText(t: FleetTuneResult, exact: number | null): string {
  const best = t.frontier[t.best]
  if (!best) return "Tune across sessions: no config could be evaluated."
  const lines = t.frontier.map(
    (e, i) =>
      `${i === t.best ? "→" : " "} ${row(e.cost, e.peak)}  ${e.over > 0 ? `${e.over} over the window  ` : ""}${e.label}`
  )
  const alt = t.alternatives
    .slice(0, 8)
    .map((e) => `  ${row(e.cost, e.peak)}  ${e.label}`)
  return [
    `Tune across sessions (${t.evaluated} configs, ${t.rounds} rounds): total input-side cost against the worst session's largest request`,
    ...lines,
    "The cheapest for each number of tool results kept:",
    ...alt,
    `Best config: ${best.label}${exact !== null ? ` — replayed on every session: $${exact.toFixed(2)}` : ""}`,
    `  --config JSON: ${JSON.stringify({ edits: best.edits })}`,
  ].join("\n")
}
