/**
 * One generated Claude Code session: the main conversation (prompts, tool
 * loops, thinking on some turns, idle gaps, automatic compactions) and its
 * subagents, each a thread of its own, written where the spec's Claude Code
 * version writes them: `<session>/subagents/agent-<id>.jsonl` (2.1),
 * `agent-<id>.jsonl` beside the session (2.0), or inside the main file as
 * sidechain rows (1.x).
 */
import {
  base62,
  base64,
  createRandom,
  pick,
  type Random,
  randomInt,
} from "../prng"
import { getModelInfo } from "@/lib/context-editing/request/models"

import { followUp, taskPrompt } from "../text/turns"
import { codeText, proseText } from "./pool"
import { type Block, type Clock, Thread } from "./thread"

/** Where a version of Claude Code writes its subagents. */
export type SubagentLayout = "subagents" | "project" | "inline"

export interface LogSessionSpec {
  seed: number
  /** Approximate size of the session's files together, in bytes. */
  targetBytes: number
  model: string
  /** Epoch ms of the first prompt. */
  start: number
  layout: SubagentLayout
  /** Task calls that start a subagent. */
  subagents: number
  /** Claude Code's automatic compaction threshold (prompt tokens), or none. */
  compactAt: number | null
  /** Thinking blocks on some turns. */
  thinking: boolean
  ttl: "5m" | "1h"
  cwd: string
  /** Subagents' model (default: the main one). */
  subagentModel?: string
}

export interface LogSession {
  sessionId: string
  main: string
  agents: Array<{ agentId: string; text: string }>
}

const VERSION: Record<SubagentLayout, string> = {
  subagents: "2.1.31",
  project: "2.0.42",
  inline: "1.0.98",
}

export function sessionUuid(random: Random): string {
  const h = (n: number) =>
    Array.from({ length: n }, () =>
      Math.floor(random() * 16).toString(16)
    ).join("")
  return `${h(8)}-${h(4)}-4${h(3)}-a${h(3)}-${h(12)}`
}

/** A tool call and its result text, sized like Claude Code's tools. */
function toolCall(random: Random, cwd: string): { use: Block; result: string } {
  const id = `toolu_01${base62(random, 22)}`
  const file = `${cwd}/src/${pick(random, ["lib", "server", "app", "workers"])}/${base62(random, 6).toLowerCase()}.ts`
  const kind = pick(random, [
    "Read",
    "Read",
    "Read",
    "Bash",
    "Grep",
    "Edit",
    "Glob",
  ])
  const size = Math.round(Math.exp(5.5 + random() * 4.3)) // ~250 to ~18k chars
  const tool = (name: string, input: Record<string, unknown>) => ({
    type: "tool_use",
    id,
    name,
    input,
  })
  switch (kind) {
    case "Read":
      return {
        use: tool("Read", { file_path: file }),
        result: codeText(random, size * 2),
      }
    case "Bash":
      return {
        use: tool("Bash", {
          command: "npm test -- --run",
          description: "Run the tests",
        }),
        result: codeText(random, size),
      }
    case "Grep":
      return {
        use: tool("Grep", { pattern: base62(random, 6), path: cwd }),
        result: codeText(random, Math.min(size, 3000)),
      }
    case "Edit":
      return {
        use: tool("Edit", {
          file_path: file,
          old_string: codeText(random, 200),
          new_string: codeText(random, 260),
        }),
        result: `The file ${file} has been updated.`,
      }
    default:
      return {
        use: tool("Glob", { pattern: "**/*.ts" }),
        result: codeText(random, Math.min(size, 2000)),
      }
  }
}

/**
 * The thinking an answer starts with: on every answer under manual
 * thinking (the API requires it of a tool loop, and every answer of such a
 * log has it), on some under adaptive thinking, which may skip it.
 */
function thought(t: Thread, thinking: boolean): Block[] {
  const r = t.random
  if (!thinking || (r() >= 0.45 && adaptive(t.spec.model))) return []
  return [
    {
      type: "thinking",
      thinking: proseText(r, randomInt(r, 200, 1500)),
      signature: base64(r, 240),
    },
  ]
}

/** The blocks an answer starts with: its thinking, a lead-in on some. */
function lead(t: Thread, thinking: boolean): Block[] {
  const r = t.random
  const out = thought(t, thinking)
  if (r() < 0.5)
    out.push({ type: "text", text: proseText(r, randomInt(r, 60, 300)) })
  return out
}

/** Whether the model thinks adaptively (it may skip a turn with the same parameters): it lists adaptive, or, listing none, is of Claude 4.6 or later (no prefill). */
const adaptive = (model: string) => {
  const m = getModelInfo(model)
  return m.thinkingTypes?.includes("adaptive") ?? m.prefill === false
}

/** Whether the model keeps only the last turn's thinking (DOC: the implicit default). */
const stripsThinking = (model: string) =>
  getModelInfo(model).thinkingDefaultKeep === 1

/** Tool calls until the turn ends; results answered one user row per call. */
function toolLoop(
  t: Thread,
  spec: LogSessionSpec,
  steps: number,
  onTask?: (use: Block) => string
): void {
  const r = t.random
  for (let s = 0; s < steps; s++) {
    const parallel = r() < 0.15 ? randomInt(r, 2, 3) : 1
    const calls = Array.from({ length: parallel }, () => toolCall(r, spec.cwd))
    const task = onTask && s === 0 ? taskCall(r) : null
    const uses = task ? [task] : calls.map((c) => c.use)
    t.answer([...lead(t, spec.thinking), ...uses])
    const results = task ? [onTask!(task)] : calls.map((c) => c.result)
    t.tick(100, 4_000)
    t.user(
      uses.map((u, i) => ({
        tool_use_id: u.id,
        type: "tool_result",
        content: results[i],
      })),
      { toolUseResult: { type: "text", content: results[0]!.slice(0, 20_000) } }
    )
  }
}

function taskCall(random: Random): Block {
  return {
    type: "tool_use",
    id: `toolu_01${base62(random, 22)}`,
    name: "Task",
    input: {
      description: "Explore the code",
      prompt: proseText(random, 300),
      subagent_type: "general-purpose",
    },
  }
}

/** A subagent's whole run, on the session's clock; its final text. */
function subagent(
  spec: LogSessionSpec,
  main: Thread,
  clock: Clock,
  random: Random
) {
  const agentId = base62(random, 7).toLowerCase()
  const t = new Thread(
    {
      ...main.spec,
      model: spec.subagentModel ?? spec.model,
      hidden: randomInt(random, 7_000, 11_000),
      warm: 6_000,
      stripsThinking: stripsThinking(spec.subagentModel ?? spec.model),
      agentId: spec.layout === "inline" ? undefined : agentId,
      bareSidechain: spec.layout === "inline",
    },
    random,
    clock
  )
  t.user(proseText(random, 300))
  toolLoop(t, spec, randomInt(random, 3, 18))
  const answer = proseText(random, randomInt(random, 300, 2_000))
  t.answer([...thought(t, spec.thinking), { type: "text", text: answer }])
  return { agentId, thread: t, answer }
}

/** Generates one session's files (see the file comment). */
export function generateLogSession(spec: LogSessionSpec): LogSession {
  const random = createRandom(spec.seed)
  const sessionId = sessionUuid(random)
  const clock: Clock = { now: spec.start }
  const main = new Thread(
    {
      sessionId,
      cwd: spec.cwd,
      version: VERSION[spec.layout],
      model: spec.model,
      hidden: randomInt(random, 14_000, 19_000),
      warm: 15_000,
      ttl: spec.ttl,
      stripsThinking: stripsThinking(spec.model),
      compactAt: spec.compactAt,
    },
    random,
    clock
  )
  const agents: LogSession["agents"] = []
  let agentBytes = 0
  let subagentsLeft = spec.subagents
  main.raw({
    type: "file-history-snapshot",
    messageId: base62(random, 8),
    snapshot: {
      trackedFileBackups: {},
      timestamp: new Date(spec.start).toISOString(),
    },
    isSnapshotUpdate: false,
  })
  main.user(taskPrompt(random))
  // A turn adds tens of KB: stop when the next would overshoot more than
  // stopping now undershoots (the folder's total lands near its target).
  let turns = 0
  const size = () => main.bytes + agentBytes
  while (size() + (turns > 0 ? size() / turns / 2 : 0) < spec.targetBytes) {
    turns++
    const spawn = subagentsLeft > 0 && random() < 0.3
    toolLoop(
      main,
      spec,
      randomInt(random, 2, 12),
      spawn
        ? (use) => {
            subagentsLeft--
            const run = subagent(spec, main, clock, random)
            if (spec.layout === "inline") main.rows.push(...run.thread.rows)
            else agents.push({ agentId: run.agentId, text: run.thread.text() })
            agentBytes += run.thread.bytes
            void use
            return run.answer
          }
        : undefined
    )
    main.answer([
      ...thought(main, spec.thinking),
      { type: "text", text: proseText(random, randomInt(random, 100, 900)) },
    ])
    // The user reads, then asks again: sometimes after a long break (the cache expires).
    const idle = random() < 0.08
    main.tick(idle ? 360_000 : 20_000, idle ? 3_000_000 : 200_000)
    main.user(
      random() < 0.5
        ? followUp(random)
        : proseText(random, randomInt(random, 40, 400))
    )
  }
  main.answer([
    ...thought(main, spec.thinking),
    { type: "text", text: proseText(random, 200) },
  ])
  return { sessionId, main: main.text(), agents }
}
