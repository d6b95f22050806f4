"use client"

import { memo, useEffect, useRef, useState } from "react"

import type { TOOL_TEMPLATES } from "@/lib/state/compose-turns"
import { addTool, toolsOf, withTools } from "@/lib/state/compose-turns"
import type { Json } from "@/lib/state/compose"

import { cn } from "@/components/ui/cn"
import { inputClass } from "@/components/ui/fields"

import { JsonField } from "./json-field"
import { useCompose } from "./use-compose"

const SERVER_TOOLS: Array<[keyof typeof TOOL_TEMPLATES, string]> = [
  ["web_search", "web_search (server)"],
  ["web_fetch", "web_fetch (server)"],
  ["memory", "memory"],
  ["bash", "bash"],
  ["text_editor", "text editor"],
]

const small =
  "rounded-md border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"

/** One custom tool: name, description and input_schema as fields. */
function CustomTool({
  tool,
  index,
  onChange,
}: {
  tool: Json
  index: number
  onChange: (tool: Json) => void
}) {
  const t = `compose.tool.${index}`
  return (
    <div className="space-y-1">
      <input
        aria-label={`Name of tool ${index + 1}`}
        data-testid={`${t}.name`}
        className={cn(inputClass, "font-mono text-xs")}
        value={String(tool.name ?? "")}
        onChange={(e) => onChange({ ...tool, name: e.target.value })}
      />
      <textarea
        aria-label={`Description of tool ${index + 1}`}
        data-testid={`${t}.description`}
        rows={2}
        className={cn(inputClass, "text-xs")}
        placeholder="What the tool does (the model reads this)"
        value={String(tool.description ?? "")}
        onChange={(e) => {
          const { description: _d, ...rest } = tool
          onChange(
            e.target.value ? { ...rest, description: e.target.value } : rest
          )
        }}
      />
      <JsonField
        label={`input_schema of tool ${index + 1} (JSON Schema)`}
        value={tool.input_schema}
        onChange={(v) => onChange({ ...tool, input_schema: v })}
      />
    </div>
  )
}

/** The request's tools as forms: custom tools field by field, server tools as JSON; add and delete. */
export const ToolsEditor = memo(function ToolsEditor({
  tools: value,
}: {
  /** The request's `tools` (memoised on it: typing in a message does not redraw the tools). */
  tools: unknown
}) {
  const compose = useCompose()
  const tools = toolsOf({ tools: value })
  // Open at first when there are few; then as the user leaves it (an added tool opens it).
  const [initiallyOpen] = useState(tools.length <= 1)
  const box = useRef<HTMLDetailsElement>(null)
  // None declared (a blank start): the way to add one is shown, not folded.
  const none = tools.length === 0
  useEffect(() => {
    if (none && box.current) box.current.open = true
  }, [none])
  const add = (template: keyof typeof TOOL_TEMPLATES) => {
    compose((r) => addTool(r, template))
    if (box.current) box.current.open = true
  }
  const set = (i: number, tool: Json) =>
    compose((r) =>
      withTools(
        r,
        toolsOf(r).map((x, k) => (k === i ? tool : x))
      )
    )
  return (
    // Closed when several tools would push the messages down; an error at a
    // tool opens it (compose-view.tsx, revealPlace).
    <details
      aria-label="Tools"
      data-testid="compose.tools"
      className="space-y-1.5"
      ref={box}
      open={initiallyOpen}
    >
      <summary className="cursor-pointer font-mono text-[11px] font-medium">
        tools{" "}
        <span className="font-sans font-normal text-zinc-500">
          {tools.length === 0
            ? "— none declared"
            : `— ${tools.length} declared: ${tools.map((t) => String(t.name ?? "?")).join(", ")}`}
        </span>
      </summary>
      <ol className="space-y-1.5">
        {tools.map((tool, i) => (
          <li
            key={i}
            data-testid={`compose.tool.${i}`}
            className="rounded-md bg-zinc-50 p-1.5 dark:bg-zinc-900/60"
          >
            <div className="mb-1 flex items-center gap-1 text-[11px]">
              <span className="font-mono font-medium">
                {typeof tool.type === "string" ? tool.type : "custom tool"}
              </span>
              <button
                type="button"
                className="ml-auto rounded px-1 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
                aria-label={`Delete tool ${String(tool.name ?? i + 1)}`}
                onClick={() =>
                  compose((r) =>
                    withTools(
                      r,
                      toolsOf(r).filter((_, k) => k !== i)
                    )
                  )
                }
              >
                ✕
              </button>
            </div>
            {typeof tool.type === "string" ? (
              <JsonField
                label={`Tool ${String(tool.name ?? i + 1)} (JSON)`}
                value={tool}
                onChange={(v) => set(i, v as Json)}
              />
            ) : (
              <CustomTool
                tool={tool}
                index={i}
                onChange={(next) => set(i, next)}
              />
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-1.5">
        <button
          type="button"
          className={small}
          data-testid="compose.tools.add"
          onClick={() => add("custom")}
        >
          + Tool
        </button>
        <select
          aria-label="Add a server or Anthropic-schema tool"
          data-testid="compose.tools.add-server"
          value=""
          className={cn(small, "bg-transparent")}
          onChange={(e) => {
            const template = e.target.value as keyof typeof TOOL_TEMPLATES
            if (template) add(template)
          }}
        >
          <option value="">+ Server or Anthropic tool…</option>
          {SERVER_TOOLS.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </details>
  )
})
