"use client"

import { type ReactNode, useId, useMemo, useState } from "react"

import { cacheSetup, getModelInfo, MODELS } from "@/lib/context-editing"

import { cn } from "@/components/ui/cn"

import { AUTOSAVE_MAX_CHARS } from "../store/browser-storage"
import { usePlaygroundStore } from "../store/playground-store-provider"
import { approxShort, useEngine, useSimulation } from "../store/use-simulation"

type Req = Record<string, unknown>

/** tool_use, server_tool_use and mcp_tool_use blocks in the messages. */
function countToolUses(messages: readonly unknown[]): number {
  let n = 0
  for (const m of messages) {
    const content = (m as { content?: unknown } | null)?.content
    if (!Array.isArray(content)) continue
    for (const b of content) {
      const type = (b as { type?: unknown } | null)?.type
      if (typeof type === "string" && type.endsWith("tool_use")) n++
    }
  }
  return n
}

function thinkingMode(request: unknown): string {
  const t = (request as { thinking?: { type?: unknown } } | null)?.thinking
  return typeof t?.type === "string" ? t.type : "off"
}

/** The request's caching as the cache picker shows it. */
function cacheMode(request: unknown): "off" | "5m" | "1h" | "explicit" {
  const setup = cacheSetup(request)
  if (setup.automatic) return setup.ttl
  return setup.explicit > 0 ? "explicit" : "off"
}

/**
 * The label of a model id that is not a row of the table, short enough for
 * the picker: an alias or a platform id names the model it resolves to and
 * what kind of id it is ("Claude Sonnet 4.5 (alias)"); an unknown id is
 * shown as typed. The tooltip gives the id itself.
 */
function unlistedLabel(model: string): string {
  if (!model) return "(none)"
  const info = getModelInfo(model)
  if (!info.known) return model
  const kind = info.aliases.includes(model)
    ? "alias"
    : /anthropic\./i.test(model)
      ? "Bedrock id"
      : model.includes("@")
        ? "Vertex id"
        : "other id"
  return `${info.displayName} (${kind})`
}

const unlistedTitle = (model: string): string => {
  const info = getModelInfo(model)
  return info.known ? `${model} → ${info.displayName}` : model
}

/** The request with a top-level field set, or dropped when `value` is undefined. */
function withKey(r: Req, key: string, value: unknown): Req {
  // Set in place (the key keeps its position in the JSON).
  if (value !== undefined) return { ...r, [key]: value }
  const { [key]: _drop, ...rest } = r
  return rest
}

/** A labelled select; the label wraps with its control, never apart from it. */
function Picker({
  name,
  className,
  disabled,
  value,
  title,
  onChange,
  children,
}: {
  /** The label, and the select's test id `conversation.<name>`. */
  name: string
  className?: string
  disabled: boolean
  value: string
  title?: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  const id = useId()
  return (
    <span className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-zinc-500">
        {name}
      </label>
      <select
        id={id}
        data-testid={`conversation.${name}`}
        className={cn(
          "rounded-md border border-zinc-300 bg-white px-1.5 py-0.5 text-xs disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900",
          className
        )}
        disabled={disabled}
        value={value}
        title={title}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
    </span>
  )
}

/** The model select: every listed model, and the request's own if unlisted. */
function ModelPicker({
  model,
  disabled,
  onChange,
}: {
  model: string
  disabled: boolean
  onChange: (model: string) => void
}) {
  const known = MODELS.some((m) => m.id === model)
  return (
    <Picker
      name="model"
      className="max-w-48"
      disabled={disabled}
      value={model}
      title={known ? undefined : unlistedTitle(model)}
      onChange={onChange}
    >
      {!known && <option value={model}>{unlistedLabel(model)}</option>}
      {MODELS.map((m) => (
        <option key={m.id} value={m.id}>
          {m.displayName}
          {m.retired
            ? " (retired)"
            : m.retiresOn
              ? ` (retires ${m.retiresOn})`
              : ""}
        </option>
      ))}
    </Picker>
  )
}

/** Model, thinking and cache controls, and what the request holds. */
export function ConversationToolbar() {
  const request = usePlaygroundStore((s) => s.request)
  const stale = usePlaygroundStore((s) => s.parseError !== null)
  const tooBigToSave = usePlaygroundStore(
    (s) => s.requestText.length > AUTOSAVE_MAX_CHARS
  )
  const updateRequest = usePlaygroundStore((s) => s.updateRequest)
  const sim = useSimulation()
  const engine = useEngine()
  const isObject =
    typeof request === "object" && request !== null && !Array.isArray(request)
  const model = isObject ? String((request as Req).model ?? "") : ""
  const caching = useMemo(() => cacheMode(request), [request])
  const messages = useMemo(
    () =>
      Array.isArray(request)
        ? request
        : isObject && Array.isArray((request as Req).messages)
          ? ((request as Req).messages as unknown[])
          : [],
    [request, isObject]
  )
  // Counted from the messages, so an invalid edit config does not blank it.
  const toolUses = useMemo(() => countToolUses(messages), [messages])
  // The last valid prediction's size stays while the request is invalid.
  const [tokens, setTokens] = useState<number | null>(null)
  if (sim?.ok && sim.original_input_tokens !== tokens)
    setTokens(sim.original_input_tokens)
  // An invalid edit config leaves the conversation's size as it was; any
  // other error (or unparsable JSON) means the number may be another
  // request's, and it says so.
  const outdated =
    tokens !== null &&
    (stale ||
      (sim !== null && !sim.ok && sim.error.path[0] !== "context_management"))
  const disabled = stale || !isObject

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 px-3 py-1.5 text-xs dark:border-zinc-800">
      <ModelPicker
        model={model}
        disabled={disabled}
        onChange={(v) => updateRequest((r) => ({ ...r, model: v }))}
      />
      <Picker
        name="thinking"
        // Turning thinking on also sizes max_tokens for the model: the
        // engine's rule, there right after the first paint.
        disabled={disabled || !engine}
        value={thinkingMode(request)}
        onChange={(v) =>
          engine && updateRequest((r) => engine.withThinkingMode(r, v))
        }
      >
        <option value="off">off</option>
        <option value="enabled">enabled</option>
        <option value="adaptive">adaptive</option>
        <option value="between_tools">between_tools</option>
        <option value="disabled">disabled</option>
      </Picker>
      <Picker
        name="cache"
        disabled={disabled}
        value={caching}
        title="Prompt caching: automatic (top-level cache_control) caches each request up to its last block, for 5 minutes or 1 hour"
        onChange={(v) =>
          updateRequest((r) =>
            withKey(
              r,
              "cache_control",
              v === "1h"
                ? { type: "ephemeral", ttl: "1h" }
                : v === "5m"
                  ? { type: "ephemeral" }
                  : undefined
            )
          )
        }
      >
        <option value="off">off</option>
        <option value="5m">auto</option>
        <option value="1h">auto, 1h</option>
        {caching === "explicit" && (
          <option value="explicit">breakpoints</option>
        )}
      </Picker>
      <span
        className="ml-auto text-zinc-500 tabular-nums"
        data-testid="conversation.stats"
      >
        {messages.length} {messages.length === 1 ? "msg" : "msgs"} · {toolUses}{" "}
        {toolUses === 1 ? "tool use" : "tool uses"}
        {tokens !== null ? ` · ${approxShort(tokens)} tokens` : ""}
        {outdated && (
          <span
            className="text-zinc-400 dark:text-zinc-500"
            title="The request cannot be simulated right now: this is the size of the last version that could be."
            data-testid="conversation.stats.outdated"
          >
            {" "}
            (last valid)
          </span>
        )}
      </span>
      {tooBigToSave && (
        <span
          data-testid="conversation.autosave-off"
          className="w-full text-[11px] text-amber-700 dark:text-amber-300"
        >
          Autosave is off for requests this large (over{" "}
          {(AUTOSAVE_MAX_CHARS / 1e6).toFixed(1)}M characters): a reload starts
          over. Use Share → short link, or Code, to keep it.
        </span>
      )}
    </div>
  )
}
