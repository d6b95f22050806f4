"use client"

import { useId, useState } from "react"

import { simulate } from "@/lib/context-editing"
import { generateToEstimate, type GenerateOptions } from "@/lib/generate"

const TOOLS = [
  { name: "read_file", label: "read_file (code)", weight: 4 },
  { name: "grep", label: "grep (matches)", weight: 3 },
  { name: "run_tests", label: "run_tests (test output)", weight: 2 },
  { name: "list_files", label: "list_files (listing)", weight: 1 },
  { name: "web_search", label: "web_search (server tool)", weight: 2 },
  { name: "memory", label: "memory (memory_20250818)", weight: 1 },
] as const

type ResultSize = "small" | "medium" | "large"

const MIN_TOKENS = 10_000
const MAX_TOKENS = 1_000_000

const field =
  "rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-950"

function clampTokens(value: number): number {
  if (!Number.isFinite(value)) return MIN_TOKENS
  return Math.min(MAX_TOKENS, Math.max(MIN_TOKENS, Math.round(value)))
}

/** Options for a synthetic session; importing runs the generator once. */
export function GeneratePanel({
  onImport,
}: {
  onImport(request: object, summary: string): void
}) {
  const [tokens, setTokens] = useState(120_000)
  const [toolCalls, setToolCalls] = useState("")
  const [resultSize, setResultSize] = useState<ResultSize>("medium")
  const [tools, setTools] = useState<Set<string>>(
    () => new Set(["read_file", "grep", "run_tests", "list_files"])
  )
  const [thinking, setThinking] = useState(true)
  const [parallel, setParallel] = useState(1)
  const [seed, setSeed] = useState(1)
  const id = useId()

  const toggle = (name: string) =>
    setTools((current) => {
      const next = new Set(current)
      if (next.has(name)) next.delete(name)
      else next.add(name)
      return next
    })

  const generate = () => {
    const calls =
      toolCalls.trim() === ""
        ? undefined
        : Math.max(0, Math.round(Number(toolCalls)))
    const mix = TOOLS.filter(
      (t) => tools.has(t.name) && t.name !== "web_search" && t.name !== "memory"
    ).map((t) => ({ name: t.name, weight: t.weight }))
    const options: GenerateOptions = {
      targetTokens: clampTokens(tokens),
      resultSize,
      thinking,
      parallel,
      serverTools: tools.has("web_search"),
      memory: tools.has("memory"),
      seed,
      ...(mix.length > 0 ? { toolMix: mix } : {}),
      ...(calls !== undefined && Number.isFinite(calls)
        ? { toolCalls: calls }
        : {}),
    }
    // Sized by the playground's own estimate, the number the page shows.
    const { request, tokens: estimated } = generateToEstimate(options, (r) => {
      const sim = simulate(r)
      return sim.ok ? sim.original_input_tokens : Number.NaN
    })
    const uses = request.messages.reduce(
      (n, m) =>
        n +
        (Array.isArray(m.content)
          ? m.content.filter(
              (b) => b.type === "tool_use" || b.type === "server_tool_use"
            ).length
          : 0),
      0
    )
    onImport(
      request,
      `Generated session: ≈${Math.round(estimated).toLocaleString("en-US")} tokens${options.toolCalls !== undefined ? ` (the ${uses} tool calls asked for set the size; target was ${options.targetTokens.toLocaleString("en-US")})` : ""}, ${request.messages.length} messages, ${uses} tool uses, thinking ${thinking ? "on" : "off"} (seed ${seed})`
    )
  }

  return (
    <form
      className="flex flex-col gap-4 text-sm"
      onSubmit={(event) => {
        event.preventDefault()
        generate()
      }}
    >
      <p className="text-zinc-600 dark:text-zinc-400">
        Builds a realistic agent session (code files, search results, test
        output) of about the chosen size, estimated at 3.5 characters per token.
        The same seed always gives the same session.
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-tokens`} className="font-medium">
          Target size (tokens)
        </label>
        <div className="flex items-center gap-3">
          <input
            type="range"
            aria-label="Target size slider"
            min={MIN_TOKENS}
            max={MAX_TOKENS}
            step={10_000}
            value={clampTokens(tokens)}
            onChange={(event) => setTokens(Number(event.target.value))}
            className="flex-1 accent-zinc-900 dark:accent-zinc-100"
          />
          <input
            id={`${id}-tokens`}
            data-testid="import.generate.tokens"
            type="number"
            min={MIN_TOKENS}
            max={MAX_TOKENS}
            step={1_000}
            value={tokens}
            onChange={(event) => setTokens(Number(event.target.value))}
            onBlur={() => setTokens(clampTokens(tokens))}
            className={`${field} w-32`}
          />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1">
          <span className="font-medium">Tool calls</span>
          <input
            type="number"
            min={0}
            max={5000}
            placeholder="Auto"
            value={toolCalls}
            onChange={(event) => setToolCalls(event.target.value)}
            className={field}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium">Result size</span>
          <select
            value={resultSize}
            onChange={(event) =>
              setResultSize(event.target.value as ResultSize)
            }
            className={field}
          >
            <option value="small">Small (≈400 tokens)</option>
            <option value="medium">Medium (≈2,000 tokens)</option>
            <option value="large">Large (≈6,000 tokens)</option>
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium">Parallel calls (max per turn)</span>
          <input
            type="number"
            min={1}
            max={16}
            value={parallel}
            onChange={(event) =>
              setParallel(
                Math.min(
                  16,
                  Math.max(1, Math.round(Number(event.target.value)) || 1)
                )
              )
            }
            className={field}
          />
        </label>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Tool mix</legend>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {TOOLS.map((tool) => (
            <label key={tool.name} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={tools.has(tool.name)}
                onChange={() => toggle(tool.name)}
                className="accent-zinc-900 dark:accent-zinc-100"
              />
              <code className="font-mono text-xs">{tool.label}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-6">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            data-testid="import.generate.thinking"
            checked={thinking}
            onChange={(event) => setThinking(event.target.checked)}
            className="accent-zinc-900 dark:accent-zinc-100"
          />
          <span className="font-medium">Thinking blocks</span>
        </label>
        <label className="flex items-center gap-2">
          <span className="font-medium">Seed</span>
          <input
            type="number"
            value={seed}
            onChange={(event) =>
              setSeed(Math.round(Number(event.target.value)) || 0)
            }
            className={`${field} w-24`}
          />
        </label>
      </div>
      <div className="flex justify-end">
        <button
          type="submit"
          data-testid="import.generate.submit"
          className="rounded-md bg-zinc-900 px-4 py-2 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
        >
          Generate and import
        </button>
      </div>
    </form>
  )
}
