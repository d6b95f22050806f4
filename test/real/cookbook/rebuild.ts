/**
 * Rebuilds a recorded run as the requests the notebook sent (see
 * README.md): the notebook's own task, system prompt, tools and tool
 * results; the texts it did not print (notes, memory files, the summary)
 * are filler sized from the recorded numbers.
 */
import { defaultEstimator, type TokenEstimator } from "@/lib/tokens"
import { simulate } from "@/lib/context-editing"

import {
  BASE_TOOLS,
  CORPUS,
  MEMORY_TOOL,
  memoryResult,
  readFile,
  recordFinding,
  searchFiles,
  SYSTEM_PROMPT,
} from "./notebook"
import type { Call, RecordedRun, Turn } from "./runs"

type Block = Record<string, unknown>
type Message = { role: "user" | "assistant"; content: string | Block[] }

export const MODEL = "claude-sonnet-4-6"
const EST = { family: "legacy" as const, factor: 1 }

/** Our count of one user message "." minus the "." (the framing a recorded count_tokens of one text includes). */
const ONE_MESSAGE = (() => {
  const r = simulate({
    model: MODEL,
    messages: [{ role: "user", content: "." }],
  })
  return r.ok ? r.input_tokens - 1 : 0
})()

/** Document tokens inside a prompt, from the notebook's count_tokens of each. */
const DOC_TOKENS = new Map(
  Object.entries(CORPUS.documents).map(([path, text]) => [
    text,
    CORPUS.count_tokens_recorded[path.split("/").pop()!]! - ONE_MESSAGE,
  ])
)

/**
 * The default estimator, but a tool result holding one of the corpus
 * documents counts that document at its recorded count_tokens: the rule is
 * then tested apart from how well the estimate counts tables.
 */
export function recordedDocs(base: TokenEstimator = defaultEstimator) {
  const docIn = (block: unknown): number | undefined => {
    const b = block as Block | null
    return b?.type === "tool_result" && typeof b.content === "string"
      ? DOC_TOKENS.get(b.content)
      : undefined
  }
  return {
    ...base,
    id: `${base.id}+cookbook-docs`,
    countBlock(block: unknown, ctx: typeof EST) {
      const doc = docIn(block)
      if (doc === undefined) return base.countBlock(block, ctx)
      return base.countBlock({ ...(block as Block), content: "" }, ctx) + doc
    },
  } satisfies TokenEstimator
}

const WORDS =
  "the model organism review notes compare lifespan cohort survival median orthology screening genetic tools translational relevance throughput intervention dietary restriction insulin signalling pathway mitochondria senescence epigenetic clock vertebrate invertebrate aging research batch comparison strength caveat evidence across species human studies worm fly mouse fish yeast monkey".split(
    " "
  )

/** Deterministic plain prose of `chars` characters (words, a full stop every twelve). */
function prose(chars: number, seed: number): string {
  let x = (seed * 2654435761) >>> 0
  let s = ""
  for (let k = 1; s.length < chars; k++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    const w = WORDS[(x >>> 8) % WORDS.length]!
    s += k % 12 === 0 ? `${w}. ` : `${w} `
  }
  return s.slice(0, chars)
}

/**
 * Prose whose estimated tokens inside `wrap` add `tokens` (within 0.5 %).
 * The estimate samples a text, so its count is not monotone in the length:
 * the length is corrected step by step, and another seed tried if a
 * length keeps flipping.
 */
function fillerFor(
  tokens: number,
  seed: number,
  wrap: (text: string) => Block
): string {
  if (tokens <= 0) return ""
  const count = (t: string) =>
    defaultEstimator.countBlock(wrap(t), EST) -
    defaultEstimator.countBlock(wrap(""), EST)
  for (let s = seed; s < seed + 20; s++) {
    let n = Math.round(tokens * 4.6)
    for (let step = 0; step < 30; step++) {
      const text = prose(n, s)
      const c = count(text)
      if (Math.abs(c - tokens) <= Math.max(2, tokens * 0.005)) return text
      n = Math.max(1, n + Math.round((tokens - c) * 4.6))
    }
  }
  throw new Error(`no filler of ${tokens} tokens`)
}

/** A tool_use and its tool_result for one call (fill: the unprinted text). */
function pair(call: Call, id: string, fill: string): [Block, Block] {
  const callBlock = (name: string, input: Block): Block => ({
    type: "tool_use",
    id,
    name,
    input,
  })
  const result = (content: string): Block => ({
    type: "tool_result",
    tool_use_id: id,
    content,
  })
  if ("read" in call)
    return [
      callBlock("read_file", { path: call.read }),
      result(readFile(call.read)),
    ]
  if ("search" in call)
    return [
      callBlock("search_files", { query: call.search }),
      result(searchFiles(call.search)),
    ]
  if ("finding" in call)
    return [
      callBlock("record_finding", { finding: fill }),
      result(recordFinding(call.finding)),
    ]
  const { path } = call
  if (call.memory === "view")
    return [
      callBlock("memory", { command: "view", path }),
      result(call.sized ? memoryResult.viewFile(fill) : call.result),
    ]
  if (call.memory === "create")
    return [
      callBlock("memory", { command: "create", path, file_text: fill }),
      result(memoryResult.create(path)),
    ]
  return [
    callBlock("memory", {
      command: "str_replace",
      path,
      old_str: "## Next steps",
      new_str: fill,
    }),
    result(memoryResult.strReplace(path)),
  ]
}

/** Whether a call carries the turn's unprinted text (and where it goes). */
const holdsText = (c: Call): boolean =>
  "finding" in c
    ? c.note
    : "memory" in c && (c.memory !== "view" || c.sized === true)

/** The two messages of a turn, with `fill` in its text slot. */
function turnMessages(
  run: RecordedRun,
  t: number,
  turn: Turn,
  fill: string
): [Message, Message] {
  const slot = turn.calls.findIndex(holdsText)
  const pairs = turn.calls.map((c, j) =>
    pair(c, `toolu_${run.id}_${t}_${j}`, j === slot ? fill : "")
  )
  const opening: Block[] = []
  if (turn.compaction)
    opening.push({
      type: "compaction",
      content: fillerFor(turn.compaction - ONE_MESSAGE, 900 + t, (text) => ({
        type: "text",
        text,
      })),
    })
  if (slot < 0 && fill) opening.push({ type: "text", text: fill })
  return [
    { role: "assistant", content: [...opening, ...pairs.map(([u]) => u)] },
    { role: "user", content: pairs.map(([, r]) => r) },
  ]
}

/** The request body of a run with these messages. */
export function body(run: RecordedRun, messages: Message[]): Block {
  return {
    model: MODEL,
    max_tokens: 4096,
    system: SYSTEM_PROMPT,
    tools: run.memory ? [...BASE_TOOLS, MEMORY_TOOL] : BASE_TOOLS,
    messages,
    ...(run.edits.length ? { context_management: { edits: run.edits } } : {}),
  }
}

/** What `messages` count, before edits, with the documents at their recorded counts. */
function live(run: RecordedRun, messages: Message[]): number {
  // A copy: the engine caches its analysis by array identity.
  const r = simulate(body(run, [...messages]), { estimator: recordedDocs() })
  if (!r.ok) throw new Error(`${run.id}: ${r.error.message}`)
  return r.original_input_tokens
}

/**
 * The tokens of turn t's unprinted text: the recorded growth from request
 * t + 1 to t + 2 less what the rest of the turn counts; after a compaction
 * block, the recorded size of request t + 2 less what it counts without
 * the text. Turns that read documents or change what is cleared get none.
 */
function fillTokens(run: RecordedRun, t: number, before: Message[]): number {
  const turn = run.turns[t]!
  const [a, b] = [run.requests[t]!, run.requests[t + 1]!]
  if (b.ctx === null || turn.calls.some((c) => "read" in c)) return 0
  const empty = [...before, ...turnMessages(run, t, turn, "")]
  if (turn.compaction) return b.ctx - live(run, empty)
  if (a.ctx === null || a.compacts) return 0
  if ((a.cleared?.uses ?? 0) !== (b.cleared?.uses ?? 0)) return 0
  return b.ctx - a.ctx - (live(run, empty) - live(run, before))
}

/** Every request of the run, in order (request k holds the task and turns 0 … k − 2). */
export function rebuild(run: RecordedRun): Block[] {
  const messages: Message[] = [{ role: "user", content: run.task }]
  const out = [body(run, [...messages])]
  run.turns.forEach((turn, t) => {
    const tokens = fillTokens(run, t, messages)
    const slot = turn.calls.find(holdsText)
    const wrap = (text: string): Block =>
      slot
        ? pair(slot, "toolu_fill", text)[
            "memory" in slot && slot.memory === "view" ? 1 : 0
          ]!
        : { type: "text", text }
    messages.push(...turnMessages(run, t, turn, fillerFor(tokens, t + 1, wrap)))
    out.push(body(run, [...messages]))
  })
  return out
}
