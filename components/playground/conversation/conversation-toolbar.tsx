"use client"

import { useId, useMemo } from "react"

import { cacheSetup, getModelInfo, MODELS } from "@/lib/context-editing"

import { AUTOSAVE_MAX_CHARS } from "../init-store"
import { usePlaygroundStore } from "../playground-store-provider"
import { approxShort, useSimulation } from "../use-simulation"

type Req = Record<string, unknown>

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

/** Model and thinking controls, and what the request holds. */
export function ConversationToolbar() {
  const ids = useId()
  const request = usePlaygroundStore((s) => s.request)
  const stale = usePlaygroundStore((s) => s.parseError !== null)
  const tooBigToSave = usePlaygroundStore(
    (s) => s.requestText.length > AUTOSAVE_MAX_CHARS
  )
  const updateRequest = usePlaygroundStore((s) => s.updateRequest)
  const sim = useSimulation()
  const isObject =
    typeof request === "object" && request !== null && !Array.isArray(request)
  const model = isObject ? String((request as Req).model ?? "") : ""
  const caching = useMemo(() => cacheMode(request), [request])
  const known = MODELS.some((m) => m.id === model)
  const messages = Array.isArray(request)
    ? request
    : isObject && Array.isArray((request as Req).messages)
      ? ((request as Req).messages as unknown[])
      : []
  const toolUses = useMemo(
    () =>
      sim.ok ? sim.blocks.filter((b) => /tool_use$/.test(b.type)).length : 0,
    [sim]
  )
  const select =
    "rounded-md border border-zinc-300 bg-white px-1.5 py-0.5 text-xs dark:border-zinc-700 dark:bg-zinc-900 disabled:opacity-50"

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 px-3 py-1.5 text-xs dark:border-zinc-800">
      {/* Each label wraps with its control, never apart from it. */}
      <span className="flex items-center gap-1.5">
        <label htmlFor={`${ids}-model`} className="text-zinc-500">
          model
        </label>
        <select
          id={`${ids}-model`}
          data-testid="conversation.model"
          className={`${select} max-w-48`}
          disabled={stale || !isObject}
          value={model}
          title={known ? undefined : unlistedTitle(model)}
          onChange={(e) =>
            updateRequest((r) => ({ ...r, model: e.target.value }))
          }
        >
          {!known && <option value={model}>{unlistedLabel(model)}</option>}
          {MODELS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.displayName}
              {m.retired ? " (retired)" : ""}
            </option>
          ))}
        </select>
      </span>
      <span className="flex items-center gap-1.5">
        <label htmlFor={`${ids}-thinking`} className="text-zinc-500">
          thinking
        </label>
        <select
          id={`${ids}-thinking`}
          data-testid="conversation.thinking"
          className={select}
          disabled={stale || !isObject}
          value={thinkingMode(request)}
          onChange={(e) => {
            const v = e.target.value
            updateRequest((r) => {
              if (v === "off") {
                const { thinking: _drop, ...rest } = r
                return rest
              }
              return {
                ...r,
                thinking:
                  v === "enabled"
                    ? { type: "enabled", budget_tokens: 4096 }
                    : { type: v },
              }
            })
          }}
        >
          <option value="off">off</option>
          <option value="enabled">enabled</option>
          <option value="adaptive">adaptive</option>
          <option value="disabled">disabled</option>
        </select>
      </span>
      <span className="flex items-center gap-1.5">
        <label htmlFor={`${ids}-cache`} className="text-zinc-500">
          cache
        </label>
        <select
          id={`${ids}-cache`}
          data-testid="conversation.cache"
          className={select}
          disabled={stale || !isObject}
          value={caching}
          title="Prompt caching: automatic (top-level cache_control) caches each request up to its last block, for 5 minutes or 1 hour"
          onChange={(e) => {
            const v = e.target.value
            updateRequest((r) => {
              const { cache_control: _drop, ...rest } = r
              if (v === "off" || v === "explicit") return rest
              return {
                ...rest,
                cache_control:
                  v === "1h"
                    ? { type: "ephemeral", ttl: "1h" }
                    : { type: "ephemeral" },
              }
            })
          }}
        >
          <option value="off">off</option>
          <option value="5m">auto</option>
          <option value="1h">auto, 1h</option>
          {caching === "explicit" && (
            <option value="explicit">breakpoints</option>
          )}
        </select>
      </span>
      <span
        className="ml-auto text-zinc-500 tabular-nums"
        data-testid="conversation.stats"
      >
        {messages.length} msgs · {toolUses} tool uses
        {sim.ok ? ` · ${approxShort(sim.original_input_tokens)} tokens` : ""}
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
