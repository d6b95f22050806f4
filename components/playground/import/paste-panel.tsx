"use client"

import {
  useDeferredValue,
  useId,
  useMemo,
  useRef,
  useState,
  type DragEvent,
} from "react"

import { MAX_INPUT_CHARS, parseImport, type ParsedImport } from "@/lib/import"
import { workOverLimit } from "@/lib/share/work"

import { CandidatePicker } from "./candidate-picker"
import { ImportReport } from "./import-report"

const ACCEPT = ".json,.jsonl,.txt,.sh,.md,.log,application/json,text/plain"

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", offset)
    if (nl === -1) break
    offset = nl + 1
  }
  return Math.min(text.length, offset + Math.max(0, column - 1))
}

/** The textarea's label and the hidden file input behind "Choose a file…". */
function PasteHeader({
  textId,
  onFile,
}: {
  textId: string
  onFile: (file: File | undefined) => void
}) {
  const fileRef = useRef<HTMLInputElement>(null)
  return (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <label htmlFor={textId} className="text-sm font-medium">
        Paste a request, transcript or curl command
      </label>
      <div className="flex items-center gap-2">
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT}
          data-testid="import.file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            onFile(event.target.files?.[0])
            event.target.value = ""
          }}
        />
        <button
          type="button"
          onClick={() => fileRef.current?.click()}
          className="rounded-md border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:hover:bg-zinc-800"
        >
          Choose a file…
        </button>
      </div>
    </div>
  )
}

/** What the panel accepts, and a note on the last file read. */
function PasteHelp({ id, fileNote }: { id: string; fileNote: string | null }) {
  return (
    <p id={id} className="text-xs text-zinc-500 dark:text-zinc-400">
      Drop a file on the text area or choose one. Nothing leaves your browser;
      API keys in curl commands are ignored.
      {fileNote ? (
        <span className="ml-1 text-zinc-700 dark:text-zinc-300">
          {fileNote}.
        </span>
      ) : null}
    </p>
  )
}

/** Paste / drop / pick a file, see what it is, import it. */
export function PastePanel({
  initialText,
  onImport,
}: {
  initialText: string
  onImport(result: Extract<ParsedImport, { success: true }>): void
}) {
  const [text, setText] = useState(initialText)
  // Which candidate to take when the text holds several (reset on edit).
  const [pick, setPick] = useState<string | undefined>(undefined)
  const [fileNote, setFileNote] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const deferred = useDeferredValue(text)
  const result = useMemo(
    () => (deferred.trim() === "" ? null : parseImport(deferred, { pick })),
    [deferred, pick]
  )
  const stale = deferred !== text
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const ids = { text: useId(), error: useId(), help: useId() }

  const readFile = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_INPUT_CHARS) {
      setFileNote(
        `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 20 MB.`
      )
      return
    }
    setText(await file.text())
    setPick(undefined)
    setFileNote(`Loaded ${file.name}`)
  }

  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    if (event.dataTransfer.files.length === 0) return
    event.preventDefault()
    setDragging(false)
    void readFile(event.dataTransfer.files[0])
  }

  const showError = (line: number, column: number) => {
    const el = textareaRef.current
    if (!el) return
    const offset = offsetOf(text, line, column)
    el.focus()
    el.setSelectionRange(offset, Math.min(text.length, offset + 1))
  }

  // Measured like a link: what the page would do with it, not its bytes.
  const tooHeavy = useMemo(
    () => (result?.success ? workOverLimit(result.data) : null),
    [result]
  )
  const ready = result?.success === true && !stale && !tooHeavy

  return (
    <div className="flex flex-col gap-3">
      <PasteHeader textId={ids.text} onFile={(file) => void readFile(file)} />
      <textarea
        ref={textareaRef}
        id={ids.text}
        data-testid="import.text"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setPick(undefined)
        }}
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes("Files")) {
            event.preventDefault()
            setDragging(true)
          }
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        rows={12}
        aria-invalid={result !== null && !result.success}
        aria-describedby={`${ids.help}${result && !result.success ? ` ${ids.error}` : ""}`}
        placeholder={
          '{"model": "claude-sonnet-4-6", "max_tokens": 1024, "messages": [...]}\n\nor a curl command, a Claude Code .jsonl session, an OpenAI chat request, or a Human:/Assistant: transcript'
        }
        className={`min-h-48 w-full resize-y rounded-md border bg-white p-3 font-mono text-xs leading-relaxed text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:bg-zinc-950 dark:text-zinc-100 ${
          dragging
            ? "border-blue-500 ring-2 ring-blue-500/40"
            : "border-zinc-300 dark:border-zinc-600"
        }`}
      />
      <PasteHelp id={ids.help} fileNote={fileNote} />
      <CandidatePicker
        candidates={result?.success ? result.candidates : undefined}
        onPick={setPick}
      />
      <ImportReport
        result={result}
        errorId={ids.error}
        onShowError={showError}
      />
      {tooHeavy ? (
        <p
          role="alert"
          data-testid="import.too-heavy"
          className="text-sm text-red-800 dark:text-red-200"
        >
          This conversation is too large for the page to open. {tooHeavy} Your
          current work is unchanged.
        </p>
      ) : null}
      <div className="flex justify-end">
        <button
          type="button"
          data-testid="import.submit"
          disabled={!ready}
          onClick={() => {
            if (result?.success) onImport(result)
          }}
          className="rounded-md bg-zinc-900 px-4 py-2 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
        >
          Import
        </button>
      </div>
    </div>
  )
}
