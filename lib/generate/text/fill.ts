/**
 * Budgeted text: content producers yield chunks forever; `fillToBudget`
 * stops when the chunk text would cost `budget` characters once JSON-encoded.
 * Counting the JSON cost (escaped quotes and newlines) is what lets the
 * generator land within a few percent of a target size.
 */

/** Yields the next chunk of some endless, realistic text. */
export type Producer = () => string

/** Characters `s` occupies inside a JSON string literal (quotes excluded). */
export function jsonCost(s: string): number {
  let cost = s.length
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 34 || c === 92 || c === 10 || c === 13 || c === 9) cost += 1
    else if (c < 32) cost += 5
  }
  return cost
}

/** Concatenates chunks until their JSON cost reaches `budget` (cut to fit). */
export function fillToBudget(produce: Producer, budget: number): string {
  const parts: string[] = []
  let used = 0
  // A hard cap on iterations guards against a producer yielding "" forever.
  for (let guard = 0; used < budget && guard < 1_000_000; guard++) {
    const chunk = produce()
    const cost = jsonCost(chunk)
    if (used + cost <= budget) {
      parts.push(chunk)
      used += cost
      continue
    }
    parts.push(cutToCost(chunk, budget - used))
    break
  }
  return parts.join("")
}

/** Longest prefix of `s` whose JSON cost is ≤ `max`, ending at a space if one is near. */
function cutToCost(s: string, max: number): string {
  let cost = 0
  let end = 0
  while (end < s.length) {
    const step = jsonCost(s[end] ?? "")
    if (cost + step > max) break
    cost += step
    end++
  }
  const space = s.lastIndexOf(" ", end)
  // Prefer a word boundary, but never give up more than a few characters:
  // the size target matters more than a clean cut.
  return space > 0 && end - space < 12 ? s.slice(0, space + 1) : s.slice(0, end)
}
