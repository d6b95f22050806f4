/**
 * Why a file of the folder holds no API call to count, in the Sessions
 * view's own words (issue 51, item 5): such a file is listed apart with its
 * reason, never as a $0 session to open. Read from the file itself, not
 * from the paste dialog's error (which speaks of pasting).
 */

/** The JSON entries of a text's first lines (`null` for a line that is not JSON). */
function entriesOf(text: string, limit: number): Array<unknown | null> {
  const out: Array<unknown | null> = []
  for (const line of text.split("\n", limit)) {
    if (!line.trim()) continue
    try {
      out.push(JSON.parse(line))
    } catch {
      out.push(null)
    }
  }
  return out
}

type Entry = {
  type?: unknown
  message?: { usage?: unknown; model?: unknown }
}

/** A Claude Code answer the API billed: an assistant entry with usage, not written by Claude Code itself. */
const isCall = (e: Entry) =>
  e.type === "assistant" &&
  typeof e.message?.usage === "object" &&
  e.message.model !== "<synthetic>"

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`

/**
 * Why `text` holds no call the folder can count (null: it holds some and
 * was read). `readError`: the log could not be read (its wording, the
 * paste dialog's, is not repeated here).
 */
export function whyNoCalls(
  text: string,
  calls: number,
  readError: string | null
): string | null {
  if (calls > 0 && readError === null) return null
  if (text.trim() === "") return "an empty file"
  const entries = entriesOf(text, 100_000)
  const json = entries.filter((e): e is Entry => e !== null)
  if (json.length === 0) return "not a Claude Code log: no line of it is JSON"
  const typed = json.filter(
    (e) => typeof e === "object" && typeof e.type === "string"
  )
  if (typed.length === 0)
    return "not a Claude Code log: its lines are JSON, but none is a Claude Code entry"
  const turns = typed.filter((e) => e.type === "user" || e.type === "assistant")
  if (turns.length === 0) {
    const kinds = [...new Set(typed.map((e) => e.type as string))]
    return `no conversation: ${plural(typed.length, "entry")} of Claude Code's own bookkeeping (${kinds.slice(0, 4).join(", ")}), no message`
  }
  const billed = turns.filter(isCall).length
  if (billed === 0)
    return `no API calls: ${plural(turns.length, "message")}, none an answer the API billed (a session opened and left, or only errors Claude Code wrote itself)`
  return `${plural(billed, "API call")}, but its messages could not be rebuilt into a conversation (a line cut short, or a layout this version does not read)`
}
