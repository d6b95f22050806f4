"use client"

import { useKeptState } from "@/components/ui/kept-state"

import {
  type ChangeEvent,
  type ComponentProps,
  useEffect,
  useId,
  useRef,
  useState,
} from "react"

import { LabelledCheckbox } from "@/components/ui/labelled-checkbox"

import { formatCount } from "@/lib/format/number"
import {
  clampPanelTokens,
  DEFAULT_PANEL_FORM,
  generatedSummary,
  PANEL_MAX_TOKENS,
  PANEL_MIN_TOKENS,
  PANEL_TOOLS,
  type PanelForm,
  panelOptions,
} from "@/lib/generate"

import { type Generation, generateInWorker } from "./generate-in-worker"

const field =
  "rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-950"

type SetForm = (change: Partial<PanelForm>) => void

/** The panel's checkboxes: the label beside the box, in the panel's accent. */
function PanelCheckbox(
  props: Omit<
    ComponentProps<typeof LabelledCheckbox>,
    "className" | "inputClassName"
  >
) {
  return (
    <LabelledCheckbox
      className="flex items-center gap-2"
      inputClassName="accent-zinc-900 dark:accent-zinc-100"
      {...props}
    />
  )
}

/** Options for a synthetic session; importing runs the generator once. */
export function GeneratePanel({
  onImport,
}: {
  onImport(request: object, summary: string): void
}) {
  // Kept while the dialog is closed (kept-state.ts), like a paste.
  const [form, setFormState] = useKeptState<PanelForm>(
    "import.generate",
    DEFAULT_PANEL_FORM
  )
  const setForm: SetForm = (change) =>
    setFormState((f) => ({ ...f, ...change }))

  const [running, setRunning] = useState<{
    pass: number
    tokens: number
  } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const generation = useRef<Generation | null>(null)
  useEffect(() => () => generation.current?.cancel(), [])

  const generate = () => {
    const options = panelOptions(form)
    setError(null)
    setRunning({ pass: 0, tokens: 0 })
    // Sized by the numbers the page shows once counted, in a worker.
    const run = generateInWorker(options, (pass, tokens) =>
      setRunning({ pass, tokens })
    )
    generation.current = run
    run.result.then(
      (done) => {
        generation.current = null
        setRunning(null)
        if (done)
          onImport(
            done.request,
            generatedSummary(options, done.request, done.tokens)
          )
      },
      (e: unknown) => {
        generation.current = null
        setRunning(null)
        setError(e instanceof Error ? e.message : String(e))
      }
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
        output) of the chosen size as the page counts it (within 2 %, and never
        over the model&apos;s context window). The same seed always gives the
        same session.
      </p>
      <SizeField form={form} setForm={setForm} />
      <ShapeFields form={form} setForm={setForm} />
      <ToolMixField form={form} setForm={setForm} />
      <ThinkingAndSeed form={form} setForm={setForm} />
      <div className="flex items-center justify-end gap-3">
        {running ? (
          <>
            <span
              role="status"
              data-testid="import.generate.progress"
              className="text-zinc-600 tabular-nums dark:text-zinc-400"
            >
              Generating… pass {Math.max(1, running.pass)} of at most 6
              {running.tokens > 0
                ? ` (last: ${formatCount(running.tokens)} tokens)`
                : ""}
            </span>
            <button
              type="button"
              data-testid="import.generate.cancel"
              onClick={() => {
                generation.current?.cancel()
                generation.current = null
                setRunning(null)
              }}
              className="rounded-md border border-zinc-300 px-3 py-2 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:hover:bg-zinc-800"
            >
              Cancel
            </button>
          </>
        ) : null}
        {error ? (
          <span role="alert" className="text-red-700 dark:text-red-400">
            {error}
          </span>
        ) : null}
        <button
          type="submit"
          disabled={running !== null}
          data-testid="import.generate.submit"
          className="rounded-md bg-zinc-900 px-4 py-2 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
        >
          Generate and import
        </button>
      </div>
    </form>
  )
}

function SizeField({ form, setForm }: { form: PanelForm; setForm: SetForm }) {
  const id = useId()
  // What the slider and the number field share: the bounds, and the setter.
  const tokens = {
    min: PANEL_MIN_TOKENS,
    max: PANEL_MAX_TOKENS,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setForm({ tokens: Number(event.target.value) }),
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-tokens`} className="font-medium">
        Target size (tokens)
      </label>
      <div className="flex items-center gap-3">
        <input
          type="range"
          aria-label="Target size slider"
          {...tokens}
          step={10_000}
          value={clampPanelTokens(form.tokens)}
          className="flex-1 accent-zinc-900 dark:accent-zinc-100"
        />
        <input
          id={`${id}-tokens`}
          data-testid="import.generate.tokens"
          type="number"
          {...tokens}
          step={1_000}
          value={form.tokens}
          onBlur={() => setForm({ tokens: clampPanelTokens(form.tokens) })}
          className={`${field} w-32`}
        />
      </div>
    </div>
  )
}

/** Tool calls, result size and parallel calls: the session's shape. */
function ShapeFields({ form, setForm }: { form: PanelForm; setForm: SetForm }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <label className="flex flex-col gap-1">
        <span className="font-medium">Tool calls</span>
        <input
          type="number"
          min={0}
          max={5000}
          placeholder="Auto"
          value={form.toolCalls}
          onChange={(event) => setForm({ toolCalls: event.target.value })}
          className={field}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">Result size</span>
        <select
          value={form.resultSize}
          onChange={(event) =>
            setForm({
              resultSize: event.target.value as PanelForm["resultSize"],
            })
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
          value={form.parallel}
          onChange={(event) =>
            setForm({
              parallel: Math.min(
                16,
                Math.max(1, Math.round(Number(event.target.value)) || 1)
              ),
            })
          }
          className={field}
        />
      </label>
    </div>
  )
}

function ToolMixField({
  form,
  setForm,
}: {
  form: PanelForm
  setForm: SetForm
}) {
  const toggle = (name: string) => {
    const tools = new Set(form.tools)
    if (tools.has(name)) tools.delete(name)
    else tools.add(name)
    setForm({ tools })
  }
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-medium">Tool mix</legend>
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
        {PANEL_TOOLS.map((tool) => (
          <PanelCheckbox
            key={tool.name}
            checked={form.tools.has(tool.name)}
            onChange={() => toggle(tool.name)}
          >
            <code className="font-mono text-xs">{tool.label}</code>
          </PanelCheckbox>
        ))}
      </div>
    </fieldset>
  )
}

function ThinkingAndSeed({
  form,
  setForm,
}: {
  form: PanelForm
  setForm: SetForm
}) {
  return (
    <div className="flex flex-wrap items-center gap-6">
      <PanelCheckbox
        testId="import.generate.thinking"
        checked={form.thinking}
        onChange={(thinking) => setForm({ thinking })}
      >
        <span className="font-medium">Thinking blocks</span>
      </PanelCheckbox>
      <label className="flex items-center gap-2">
        <span className="font-medium">Seed</span>
        <input
          type="number"
          value={form.seed}
          onChange={(event) =>
            setForm({ seed: Math.round(Number(event.target.value)) || 0 })
          }
          className={`${field} w-24`}
        />
      </label>
    </div>
  )
}
