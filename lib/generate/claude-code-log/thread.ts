/**
 * One thread of a generated Claude Code log (the main conversation or a
 * subagent's), written as Claude Code writes it: one JSONL row per content
 * block of an answer, each repeating the message's `usage` (earlier rows
 * with a partial `output_tokens`, the last with the total), tool results as
 * user rows with a `toolUseResult` copy, timestamps, and the usage a
 * prompt-cached agent gets: each request reads the previous one's prefix
 * from the cache and writes the rest, unless the cache expired in an idle
 * gap (then only the system prompt and tools, warm from other sessions,
 * are read).
 */
import { base62, type Random, randomInt } from "../prng"
import { proseText } from "./pool"

/** Tokens of a text, by the rough 3.6 characters a token of code and prose. */
export const tokensOf = (chars: number) => Math.ceil(chars / 3.6)

/** A clock shared by a session's threads (subagents run inside the main one). */
export interface Clock {
  now: number
}

/** What a thread is: who writes it and how its requests are cached. */
export interface ThreadSpec {
  sessionId: string
  cwd: string
  version: string
  model: string
  /** System prompt + tools, tokens (never in the log). */
  hidden: number
  /** Of `hidden`, what another session left in the cache. */
  warm: number
  ttl: "5m" | "1h"
  /** Subagents: their id (rows get `isSidechain` and `agentId`). */
  agentId?: string
  /** Old logs: sidechain rows without an agentId. */
  bareSidechain?: boolean
  /**
   * The model keeps only the last turn's thinking (DOC: older models and
   * Haiku through 4.5): a new prompt strips the turn before's, and the
   * cached prefix breaks at its first thinking block.
   */
  stripsThinking?: boolean
  /** Claude Code compacts before a request whose prompt is over this (tokens; none: never). */
  compactAt?: number | null
}

export type Block = Record<string, unknown>

function uuid(random: Random): string {
  const hex = () =>
    Math.floor(random() * 0x10000)
      .toString(16)
      .padStart(4, "0")
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-a${hex().slice(1)}-${hex()}${hex()}${hex()}`
}

/** The rows of one thread, and the state its next request depends on. */
export class Thread {
  rows: string[] = []
  bytes = 0
  /** Tokens of the conversation so far (since the last compaction). */
  conv = 0
  calls = 0
  private last: string | null = null
  private cachedEnd = 0
  private cachedAt = Number.NEGATIVE_INFINITY
  /** The turn's thinking: where its first block sits in the prompt (-1: none yet) and its tokens. */
  private thought = { at: -1, tokens: 0 }

  constructor(
    readonly spec: ThreadSpec,
    readonly random: Random,
    readonly clock: Clock
  ) {}

  private push(row: Record<string, unknown>): string {
    const id = uuid(this.random)
    const s = this.spec
    const line = JSON.stringify({
      parentUuid: row.parentUuid === undefined ? this.last : row.parentUuid,
      isSidechain: s.agentId !== undefined || s.bareSidechain === true,
      userType: "external",
      cwd: s.cwd,
      sessionId: s.sessionId,
      version: s.version,
      gitBranch: "main",
      ...(s.agentId ? { agentId: s.agentId } : {}),
      ...row,
      uuid: id,
      timestamp: new Date(this.clock.now).toISOString(),
    })
    this.rows.push(line)
    this.bytes += line.length + 1
    this.last = id
    return id
  }

  /** A row that is not part of the chain (snapshots, summaries). */
  raw(row: Record<string, unknown>): void {
    const line = JSON.stringify(row)
    this.rows.push(line)
    this.bytes += line.length + 1
  }

  tick(minMs: number, maxMs: number): void {
    this.clock.now += randomInt(this.random, minMs, maxMs)
  }

  /** A user message: a prompt (string) or tool results (blocks). */
  user(content: string | Block[], extra: Record<string, unknown> = {}): void {
    if (typeof content === "string") this.newTurn()
    const chars =
      typeof content === "string"
        ? content.length
        : JSON.stringify(content).length
    this.conv += tokensOf(chars)
    this.push({ type: "user", message: { role: "user", content }, ...extra })
  }

  /** A prompt opens a turn: the model drops the thinking of the one before (if it keeps only the last turn's). */
  private newTurn(): void {
    const { at, tokens } = this.thought
    this.thought = { at: -1, tokens: 0 }
    if (!this.spec.stripsThinking || at < 0) return
    this.conv -= tokens
    this.cachedEnd = Math.min(this.cachedEnd, at)
  }

  /** The usage of the next request, from the cache state. */
  private usage(outputTokens: number) {
    const s = this.spec
    const prompt = s.hidden + this.conv
    const ttl = s.ttl === "1h" ? 3_600_000 : 300_000
    const alive = this.clock.now - this.cachedAt <= ttl
    const read = Math.min(prompt, alive ? this.cachedEnd : s.warm)
    const input = Math.min(prompt - read, randomInt(this.random, 1, 9))
    const written = prompt - read - input
    this.cachedEnd = prompt
    this.cachedAt = this.clock.now
    return {
      input_tokens: input,
      cache_creation_input_tokens: written,
      cache_read_input_tokens: read,
      cache_creation: {
        ephemeral_5m_input_tokens: s.ttl === "5m" ? written : 0,
        ephemeral_1h_input_tokens: s.ttl === "1h" ? written : 0,
      },
      output_tokens: outputTokens,
      service_tier: "standard",
    }
  }

  /** One API call: its answer's blocks, one row each, sharing the usage. */
  answer(blocks: Block[]): void {
    // Claude Code checks before every request, so mostly inside a tool loop (OBS).
    const limit = this.spec.compactAt
    if (limit != null && this.prompt > limit)
      this.compact(
        proseText(this.random, randomInt(this.random, 4_000, 12_000)),
        "auto"
      )
    this.tick(2_000, 25_000)
    const sizes = blocks.map((b) => tokensOf(JSON.stringify(b).length))
    const total =
      sizes.reduce((a, b) => a + b, 0) + randomInt(this.random, 5, 60)
    const usage = this.usage(total)
    let at = this.prompt
    blocks.forEach((b, i) => {
      if (b.type === "thinking") {
        if (this.thought.at < 0) this.thought.at = at
        this.thought.tokens += sizes[i]!
      }
      at += sizes[i]!
    })
    const id = `msg_01${base62(this.random, 22)}`
    const requestId = `req_011C${base62(this.random, 20)}`
    let soFar = 0
    blocks.forEach((block, i) => {
      soFar += sizes[i]!
      const lastRow = i === blocks.length - 1
      this.push({
        type: "assistant",
        message: {
          id,
          type: "message",
          role: "assistant",
          model: this.spec.model,
          content: [block],
          stop_reason: lastRow
            ? block.type === "tool_use"
              ? "tool_use"
              : "end_turn"
            : null,
          stop_sequence: null,
          // Streamed rows before the last carry a partial output count.
          usage: lastRow
            ? usage
            : { ...usage, output_tokens: Math.min(soFar, 8) },
        },
        requestId,
      })
    })
    this.calls++
    this.conv += total
  }

  /** Claude Code compacted: the boundary row, then the summary as a user row. */
  compact(summary: string, trigger: "auto" | "manual"): void {
    const preTokens = this.spec.hidden + this.conv
    this.tick(20_000, 90_000)
    this.push({
      parentUuid: null,
      logicalParentUuid: this.last,
      type: "system",
      subtype: "compact_boundary",
      content: "Conversation compacted",
      isMeta: false,
      level: "info",
      compactMetadata: { trigger, preTokens },
    })
    this.conv = 0
    this.thought = { at: -1, tokens: 0 }
    this.cachedEnd = this.spec.warm
    this.user(
      `This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n${summary}`,
      { isCompactSummary: true, isVisibleInTranscriptOnly: true }
    )
  }

  /** The prompt the next request would send, in tokens. */
  get prompt(): number {
    return this.spec.hidden + this.conv
  }

  text(): string {
    return this.rows.join("\n") + "\n"
  }
}
