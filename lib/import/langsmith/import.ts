import { callUsage } from "../claude-code/calls"
import { isRecord, Notes, plural } from "../notes"
import type { ImportResult, ToolDefinition } from "../types"
import { count, isoTime, type RunCall } from "../runs/call"
import { readRecords } from "../runs/records"
import { buildRunSession, type RunFormat } from "../runs/session"
import { answerBlocks, toMessages, unwrap } from "./messages"

/**
 * LangSmith runs (what `list_runs` / the REST API return: a JSON array,
 * `{"runs": […]}` or JSONL) → the whole run as a session: every `llm` run
 * on a Claude model is one call (see README.md).
 */

export const LANGSMITH: RunFormat = {
  source: "LangSmith export",
  breakpointsLost: true,
  toolsWhy: "the run's invocation params do not list them",
  noMessages: "its run has no input messages",
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (isRecord(v) ? v : {})

/** The run's input messages (LangSmith wraps them in a batch: `[[…]]`). */
function inputMessages(run: Obj): unknown[] | null {
  const m = obj(run.inputs).messages
  if (!Array.isArray(m)) return null
  return Array.isArray(m[0]) ? (m[0] as unknown[]) : m
}

/** The answer message: `outputs.generations[0][0].message`, or the outputs themselves. */
function outputMessage(run: Obj): unknown {
  const out = obj(run.outputs)
  const gens = out.generations
  const first = Array.isArray(gens)
    ? Array.isArray(gens[0])
      ? gens[0][0]
      : gens[0]
    : undefined
  if (isRecord(first) && first.message) return first.message
  return out.message ?? (unwrap(out) ? out : undefined)
}

/** The billed usage: Anthropic's own (`response_metadata.usage`), else LangChain's `usage_metadata`. */
function usageOf(run: Obj, message: Obj): RunCall["usage"] | null {
  const own = obj(obj(message.response_metadata).usage)
  if ("input_tokens" in own) return callUsage(own)
  const meta = obj(message.usage_metadata)
  if (!("input_tokens" in meta) && !("prompt_tokens" in run)) return null
  const details = obj(meta.input_token_details ?? run.prompt_token_details)
  const read = count(details.cache_read)
  const written = count(details.cache_creation)
  // LangChain's input_tokens holds the cache reads and writes.
  const input = count(meta.input_tokens ?? run.prompt_tokens)
  return {
    input_tokens: Math.max(0, input - read - written),
    cache_creation_input_tokens: written,
    cache_creation_1h_input_tokens: Math.min(
      written,
      count(details.ephemeral_1h_input_tokens)
    ),
    cache_read_input_tokens: read,
    output_tokens: count(meta.output_tokens ?? run.completion_tokens),
  }
}

/** Tool definitions of the invocation params (Anthropic's shape, or OpenAI's `function`). */
function toolsOf(params: Obj): ToolDefinition[] | undefined {
  if (!Array.isArray(params.tools)) return undefined
  return params.tools.filter(isRecord).map((t) => {
    const f = isRecord(t.function) ? t.function : null
    return f
      ? {
          name: String(f.name ?? ""),
          description: f.description as string,
          input_schema: obj(f.parameters),
        }
      : (t as ToolDefinition)
  })
}

/** One `llm` run → a call (null: not a billed Claude call). */
function callOf(run: Obj, where: string): RunCall | null {
  if (run.run_type !== "llm") return null
  const message = outputMessage(run)
  const fields = unwrap(message)?.fields ?? {}
  const usage = usageOf(run, fields)
  const params = obj(obj(run.extra).invocation_params)
  const meta = obj(obj(run.extra).metadata)
  const rm = obj(fields.response_metadata)
  const model = String(
    rm.model ?? rm.model_name ?? params.model ?? meta.ls_model_name ?? ""
  )
  if (!usage || !/claude/i.test(model)) return null
  const raw = inputMessages(run)
  const input = raw ? toMessages(raw) : null
  const tools = toolsOf(params)
  const request =
    input && input.messages.length > 0
      ? {
          model,
          ...(typeof params.max_tokens === "number"
            ? { max_tokens: params.max_tokens }
            : {}),
          ...(isRecord(params.thinking) ? { thinking: params.thinking } : {}),
          ...(input.system.length > 0 ? { system: input.system } : {}),
          ...(tools && tools.length > 0 ? { tools } : {}),
          messages: input.messages,
        }
      : null
  const id =
    typeof rm.id === "string"
      ? rm.id
      : typeof run.id === "string"
        ? run.id
        : undefined
  const timestamp = isoTime(run.end_time)
  const startedAt = isoTime(run.start_time)
  return {
    request,
    answer: answerBlocks(message),
    usage,
    model,
    ...(id ? { id } : {}),
    ...(timestamp ? { timestamp } : {}),
    ...(startedAt ? { startedAt } : {}),
    where,
  }
}

/** Imports LangSmith runs; `parsed` is the JSON value when the text was one document. */
export function fromLangSmith(text: string, parsed?: unknown): ImportResult {
  const notes = new Notes()
  const doc =
    isRecord(parsed) && Array.isArray(parsed.runs) ? parsed.runs : parsed
  const records = readRecords(text, doc, notes, "LangSmith runs")
  if (!Array.isArray(records)) return { success: false, error: records }
  const calls = records
    .map((r) => ({
      call: callOf(r.value, r.where),
      start: String(r.value.start_time ?? ""),
    }))
    .filter((c): c is { call: RunCall; start: string } => c.call !== null)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
    .map((c) => c.call)
  if (calls.length === 0)
    return {
      success: false,
      error: {
        message: `None of the ${plural(records.length, "run")} is an llm run on a Claude model with its usage.`,
      },
    }
  const skipped = records.length - calls.length
  if (skipped > 0)
    notes.info(
      `${plural(skipped, "run")} left out (chains, tools, other models: only llm runs on Claude are API calls)`
    )
  notes.info(
    "LangSmith keeps the messages as LangChain holds them: Anthropic's blocks (thinking signatures, any cache_control) where langchain-anthropic kept them; the input usage is Anthropic's own where response_metadata has it, else LangChain's usage_metadata, whose input_tokens includes the cache reads and writes"
  )
  return buildRunSession(calls, LANGSMITH, notes)
}
