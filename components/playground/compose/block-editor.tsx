"use client"

import { memo, useState } from "react"

import { type Block, NEW_TEXT } from "@/lib/state/compose"

import { cn } from "@/components/ui/cn"
import { LabelledCheckbox } from "@/components/ui/labelled-checkbox"

import { inputClass } from "@/components/ui/fields"
import { fillerText } from "./filler"
import { JsonField } from "./json-field"
import { formatNumber } from "@/lib/format/number"

const area = cn(inputClass, "font-mono text-xs leading-5")
const STARTING_TEXTS = new Set<string>(Object.values(NEW_TEXT))

/** A big text field: paste, drop a file, or fill with N tokens of sample text. */
function BigText({
  value,
  onChange,
  label,
  testId,
}: {
  value: string
  onChange: (v: string) => void
  label: string
  testId: string
}) {
  const [tokens, setTokens] = useState(2000)
  const tooBig = value.length > 20_000
  return (
    <div>
      {tooBig ? (
        <p className="rounded bg-zinc-50 p-2 font-mono text-[11px] text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          {value.slice(0, 300)}… ({formatNumber(value.length)} characters — edit
          it in JSON mode, or replace it below)
        </p>
      ) : (
        <textarea
          aria-label={label}
          data-testid={testId}
          rows={Math.min(8, Math.max(2, value.split("\n").length))}
          className={area}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          // A new message's starting text is selected: typing replaces it.
          onFocus={(e) => {
            if (STARTING_TEXTS.has(value)) e.currentTarget.select()
          }}
          onDrop={(e) => {
            const file = e.dataTransfer.files[0]
            if (!file) return
            e.preventDefault()
            void file.text().then(onChange)
          }}
        />
      )}
      <div className="mt-1 flex items-center gap-1 text-[11px] text-zinc-500">
        <span>Fill with</span>
        <input
          type="number"
          aria-label="Filler size in tokens"
          className="w-20 rounded border border-zinc-300 px-1 dark:border-zinc-700 dark:bg-zinc-900"
          value={tokens}
          min={0}
          step={500}
          onChange={(e) => setTokens(Number(e.target.value))}
        />
        <button
          type="button"
          data-testid={`${testId}.fill`}
          className="rounded border border-zinc-300 px-1.5 dark:border-zinc-700"
          onClick={() => onChange(fillerText(tokens, value.length + tokens))}
        >
          tokens of sample text
        </button>
        <span>· or drop a file on the field</span>
      </div>
    </div>
  )
}

/** The fields of one content block, by type. */
export const BlockEditor = memo(function BlockEditor({
  block,
  onChange,
  toolIds,
  testId,
}: {
  block: Block
  onChange: (b: Block) => void
  toolIds: string[]
  testId: string
}) {
  const set = (k: string, v: unknown) => onChange({ ...block, [k]: v })
  /** A string field of the block as a BigText (test id: `<block>.<field>`). */
  const bigText = (field: string, label: string) => (
    <BigText
      label={label}
      testId={`${testId}.${field}`}
      value={String(block[field] ?? "")}
      onChange={(v) => set(field, v)}
    />
  )
  /** A one-line string field of the block, in monospace. */
  const lineInput = (field: string, label: string, className?: string) => (
    <input
      aria-label={label}
      className={cn(inputClass, "font-mono text-xs", className)}
      value={String(block[field] ?? "")}
      onChange={(e) => set(field, e.target.value)}
    />
  )
  switch (block.type) {
    case "text":
      return bigText("text", "Text")
    case "thinking":
      return bigText("thinking", "Thinking")
    case "tool_use":
    case "server_tool_use":
    case "mcp_tool_use":
      return (
        <div className="space-y-1">
          <div className="flex gap-1">
            {lineInput("name", "Tool name")}
            {lineInput("id", "Tool use id", "text-zinc-500")}
          </div>
          <JsonField
            label="Input (JSON)"
            value={block.input}
            onChange={(v) => set("input", v)}
          />
        </div>
      )
    case "tool_result":
    case "mcp_tool_result":
      return (
        <div className="space-y-1">
          <div className="flex items-center gap-2">
            <select
              aria-label="Result for tool use"
              className={cn(inputClass, "font-mono text-xs")}
              value={String(block.tool_use_id ?? "")}
              onChange={(e) => set("tool_use_id", e.target.value)}
            >
              {!toolIds.includes(String(block.tool_use_id ?? "")) && (
                <option value={String(block.tool_use_id ?? "")}>
                  {String(block.tool_use_id ?? "(none)")} — no such tool use
                </option>
              )}
              {toolIds.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
            <LabelledCheckbox
              className="flex shrink-0 items-center gap-1 text-[11px]"
              checked={block.is_error === true}
              onChange={(on) => set("is_error", on || undefined)}
            >
              is_error
            </LabelledCheckbox>
          </div>
          {typeof block.content === "string" || block.content === undefined ? (
            bigText("content", "Result content")
          ) : (
            <JsonField
              label="Result content (blocks)"
              value={block.content}
              onChange={(v) => set("content", v)}
            />
          )}
        </div>
      )
    default:
      return (
        <JsonField
          label={`${block.type} block (JSON)`}
          value={block}
          onChange={(v) => onChange(v as Block)}
        />
      )
  }
})
