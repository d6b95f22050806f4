/**
 * Which later turn used each tool result, read from the session's own
 * content (docs/semantics.md#result-needs). Two kinds of evidence:
 *
 * - **content**: a later turn's output (its text, thinking or tool inputs)
 *   carries a distinctive piece of the result (a path, an identifier, a
 *   number, a whole line: distinctive.ts) that is nowhere else in the
 *   context at that time except in tool results — not in a user message,
 *   not in anything the assistant wrote before, not in a compaction
 *   summary. Only a result could have told the model; if several results
 *   in context carry it, any of them would have done (`alternatives`).
 * - **same-call**: the same tool is called again with the same input: the
 *   agent wanted the result again (and fetched it again itself).
 * - **same-target**: a later call acts on a path the result's call named
 *   (an edit of the file it read): what a compaction loses with the call
 *   itself, while clearing keeps the call (docs/semantics.md#result-needs).
 *
 * Pure and linear in the transcript: each text is scanned once.
 */
import { callKey, distinctive, inputText, resultText } from "./distinctive"

/** One later turn that used a result. */
export interface ResultUse {
  /** The assistant message (the model's output) that used it. */
  message: number
  kind: "content" | "same-call" | "same-target"
  /** What showed it: a piece of the result, or the repeated call. */
  evidence: string
  /** Other results (indices) carrying the same piece then: any of them would have done. */
  alternatives: number[]
}

/** One tool result and the later turns that used it. */
export interface ResultNeed {
  id: string
  name: string
  /** The assistant message holding the call, the user message holding the result. */
  callMessage: number
  resultMessage: number
  /** Tool and input (a repeated call has the same key). */
  key: string
  uses: ResultUse[]
}

export interface NeedsOptions {
  /**
   * Read past a compaction block as if the results before it were still in
   * context (for validating the evidence at real compaction boundaries).
   */
  acrossCompaction?: boolean
}

type Block = { type?: unknown; [k: string]: unknown }

/** Characters a result needs before calling it again counts as wanting it again. */
export const MIN_PAYLOAD = 200
type Msg = { role?: unknown; content?: unknown }

/** The scan's state: what the context holds at the current message. */
class Scan {
  results: ResultNeed[] = []
  /** Distinctive piece → results (indices) carrying it. */
  carriers = new Map<string, number[]>()
  /** Pieces the context holds outside tool results. */
  durable = new Set<string>()
  /** First result index still in context (a compaction drops the earlier ones). */
  liveFrom = 0
  /** Pending calls: tool_use id → its call. */
  calls = new Map<
    string,
    { name: string; key: string; message: number; paths: string[] }
  >()
  /** Latest result index per call key (results worth fetching again only). */
  lastOfKey = new Map<string, number>()
  /** Latest result index per path its call named. */
  lastOfPath = new Map<string, number>()

  addDurable(text: string) {
    for (const p of distinctive(text)) this.durable.add(p)
  }

  addResult(b: Block, message: number) {
    const id = typeof b.tool_use_id === "string" ? b.tool_use_id : ""
    const call = this.calls.get(id)
    const i = this.results.length
    this.results.push({
      id,
      name: call?.name ?? "",
      callMessage: call?.message ?? -1,
      resultMessage: message,
      key: call?.key ?? `? ${id}`,
      uses: [],
    })
    const text = resultText(b.content)
    // A short answer ("File created", an error) is not content to fetch again.
    if (call && text.length >= MIN_PAYLOAD) {
      this.lastOfKey.set(call.key, i)
      for (const path of call.paths) this.lastOfPath.set(path, i)
    }
    for (const p of distinctive(text)) {
      const list = this.carriers.get(p)
      if (!list) this.carriers.set(p, [i])
      else if (list.at(-1) !== i) list.push(i)
    }
  }

  /** The live results carrying a piece (none when the context holds it elsewhere). */
  sources(piece: string): number[] {
    if (this.durable.has(piece)) return []
    const list = this.carriers.get(piece)
    return list ? list.filter((i) => i >= this.liveFrom) : []
  }
}

/** Records the content uses an assistant message makes (one per result, sole evidence first). */
function contentUses(scan: Scan, pieces: Set<string>, message: number) {
  const found = new Map<number, ResultUse>()
  for (const piece of pieces) {
    const src = scan.sources(piece)
    for (const i of src) {
      const alternatives = src.filter((j) => j !== i)
      const had = found.get(i)
      if (had && had.alternatives.length <= alternatives.length) continue
      const evidence = piece.startsWith("\n") ? piece.slice(1) : piece
      found.set(i, {
        message,
        kind: "content",
        evidence: evidence.slice(0, 80),
        alternatives,
      })
    }
  }
  for (const [i, use] of found) scan.results[i]!.uses.push(use)
}

/** The uses a call makes: the same call again, or another call on a path a result's call named. */
function callUses(scan: Scan, key: string, paths: string[], message: number) {
  const record = (i: number | undefined, kind: ResultUse["kind"]) => {
    const r = i === undefined || i < scan.liveFrom ? null : scan.results[i]!
    if (!r || r.uses.some((u) => u.message === message && u.kind === kind))
      return
    r.uses.push({ message, kind, evidence: key.slice(0, 80), alternatives: [] })
  }
  record(scan.lastOfKey.get(key), "same-call")
  for (const path of paths) {
    const i = scan.lastOfPath.get(path)
    if (i !== undefined && scan.results[i]!.key !== key)
      record(i, "same-target")
  }
}

/** The paths a call's input names (string fields that are whole paths). */
function pathsIn(input: unknown): string[] {
  if (input === null || typeof input !== "object") return []
  return Object.values(input).filter(
    (v): v is string =>
      typeof v === "string" &&
      v.length < 300 &&
      /^[~.]?\/?[\w.@+-]+\/[\w.@+/-]+$/.test(v)
  )
}

/** The pieces of an assistant message's output, and its calls (repeated ones recorded). */
function assistantTurn(scan: Scan, blocks: Block[], message: number) {
  const out = new Set<string>()
  for (const b of blocks) {
    if (b.type === "text" && typeof b.text === "string")
      distinctive(b.text, out)
    else if (b.type === "thinking" && typeof b.thinking === "string")
      distinctive(b.thinking, out)
    else if (b.type === "tool_use" || b.type === "server_tool_use") {
      const name = typeof b.name === "string" ? b.name : ""
      distinctive(inputText(b.input), out)
      const key = callKey(name, b.input)
      const paths = pathsIn(b.input)
      callUses(scan, key, paths, message)
      if (typeof b.id === "string")
        scan.calls.set(b.id, { name, key, message, paths })
    }
  }
  contentUses(scan, out, message)
  for (const p of out) scan.durable.add(p)
}

/** A compaction block: the results before it leave the context, its summary stays. */
function compaction(scan: Scan, b: Block, o: NeedsOptions) {
  if (!o.acrossCompaction) scan.liveFrom = scan.results.length
  if (typeof b.content === "string") scan.addDurable(b.content)
}

/** Every tool result of a transcript, with the later turns that used it. */
export function resultNeeds(
  messages: readonly unknown[],
  options: NeedsOptions = {}
): ResultNeed[] {
  const scan = new Scan()
  messages.forEach((raw, m) => {
    const msg = raw as Msg
    if (typeof msg?.content === "string") {
      scan.addDurable(msg.content)
      return
    }
    if (!Array.isArray(msg?.content)) return
    const blocks = msg.content as Block[]
    if (msg.role === "assistant") {
      for (const b of blocks)
        if (b?.type === "compaction") compaction(scan, b, options)
      assistantTurn(scan, blocks, m)
      return
    }
    for (const b of blocks) {
      if (b?.type === "tool_result") scan.addResult(b, m)
      else if (b?.type === "text" && typeof b.text === "string")
        scan.addDurable(b.text)
      // A client compacted after these results (Claude Code's logs).
      else if (b?.type === "compaction") compaction(scan, b, options)
    }
  })
  return scan.results
}
