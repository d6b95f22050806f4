/**
 * Markdown table rows in a text: a line whose first non-blank character is
 * "|" and that holds at least two. The refined count scales their tokens by
 * their own factor (refine.ts, fitted on the cookbook's documents:
 * docs/tokens.md, "Tables"), and decides the rest of the text's class
 * without them.
 */

/** A run of whole lines, [from, to) in the text, all table rows or none. */
export interface LineRun {
  from: number
  to: number
  table: boolean
}

/** Whether text[from, to) (one line, no "\n") is a markdown table row. */
function isTableRow(text: string, from: number, to: number): boolean {
  let at = from
  while (at < to && (text[at] === " " || text[at] === "\t")) at++
  if (text[at] !== "|") return false
  return text.indexOf("|", at + 1) !== -1 && text.indexOf("|", at + 1) < to
}

/**
 * The text cut into runs of table rows and runs of other lines (each run
 * ends after its last "\n"), or null when no line is a table row.
 */
export function tableRuns(text: string): LineRun[] | null {
  if (text.indexOf("|") === -1) return null
  const runs: LineRun[] = []
  let any = false
  for (let from = 0; from < text.length;) {
    const nl = text.indexOf("\n", from)
    const end = nl === -1 ? text.length : nl
    const to = nl === -1 ? text.length : nl + 1
    const table = isTableRow(text, from, end)
    any ||= table
    const last = runs[runs.length - 1]
    if (last && last.table === table) last.to = to
    else runs.push({ from, to, table })
    from = to
  }
  return any ? runs : null
}
