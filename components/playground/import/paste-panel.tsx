"use client"

import { useEffect, useId, useRef, useState, type DragEvent } from "react"

import type { ParsedImport } from "@/lib/import"

import { CandidatePicker } from "./candidate-picker"
import { HeldText, ImportAlerts, ImportProgress } from "./held-text"
import { applyRepairs, ImportOffers } from "./import-offers"
import { ImportReport } from "./import-report"
import { useImportSource } from "./use-import-source"

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

/**
 * Takes paste events over on the text area (native listener, so a paste
 * of any size never goes through the text area itself): the text is read
 * once, its length checked, then handed to `enter`; a pasted file to `file`.
 */
function usePasteCapture(
  ref: React.RefObject<HTMLTextAreaElement | null>,
  enter: (text: string, at: { start: number; end: number }) => void,
  file: (file: File) => void
) {
  const handlers = useRef({ enter, file })
  useEffect(() => {
    handlers.current = { enter, file }
  })
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const onPaste = (event: ClipboardEvent) => {
      const data = event.clipboardData
      if (!data) return
      event.preventDefault()
      const pastedFile = data.files[0]
      if (pastedFile) return handlers.current.file(pastedFile)
      const at = { start: el.selectionStart, end: el.selectionEnd }
      handlers.current.enter(data.getData("text/plain"), at)
    }
    el.addEventListener("paste", onPaste)
    return () => el.removeEventListener("paste", onPaste)
  }, [ref])
}

/** Paste / drop / pick a file, see what it is (checked in a worker), import it. */
export function PastePanel({
  initialText,
  onImport,
  onApplyEdits,
}: {
  initialText: string
  onImport(result: Extract<ParsedImport, { success: true }>): void
  onApplyEdits?: (contextManagement: object) => void
}) {
  const { state, actions } = useImportSource(initialText)
  const { text, held, verdict, checking, refusal } = state
  const result = verdict?.result ?? null
  const [fileNote, setFileNote] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const ids = { text: useId(), error: useId(), help: useId() }
  const readFile = (file: File | undefined) => {
    if (!file) return
    setFileNote(`Loaded ${file.name}`)
    actions.enterFile(file)
  }

  usePasteCapture(
    textareaRef,
    (pasted, at) => {
      setFileNote(null)
      actions.enter(pasted, "The pasted text", at)
    },
    (file) => readFile(file)
  )

  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) return readFile(file)
    actions.enter(event.dataTransfer.getData("text/plain"), "The dropped text")
  }

  const showError = (line: number, column: number) => {
    const el = textareaRef.current
    if (!el || held) return
    const offset = offsetOf(text, line, column)
    el.focus()
    el.setSelectionRange(offset, Math.min(text.length, offset + 1))
  }

  const ready =
    result?.success === true && checking === null && !verdict?.tooHeavy

  return (
    <div
      className="flex flex-col gap-3"
      data-testid="import.panel"
      aria-busy={checking !== null}
    >
      <PasteHeader textId={ids.text} onFile={readFile} />
      {held ? <HeldText held={held} onClear={actions.cancel} /> : null}
      <textarea
        ref={textareaRef}
        id={ids.text}
        data-testid="import.text"
        value={text}
        onChange={(event) => {
          setFileNote(null)
          actions.type(event.target.value)
        }}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        rows={held ? 3 : 12}
        aria-invalid={result !== null && !result.success}
        aria-describedby={`${ids.help}${result && !result.success ? ` ${ids.error}` : ""}`}
        placeholder={
          held
            ? "Type or paste here to replace it"
            : '{"model": "claude-sonnet-4-6", "max_tokens": 1024, "messages": [...]}\n\nor a curl command, a Claude Code .jsonl session, an OpenAI chat request, or a Human:/Assistant: transcript'
        }
        className={`${held ? "" : "min-h-48"} w-full resize-y rounded-md border bg-white p-3 font-mono text-xs leading-relaxed text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:bg-zinc-950 dark:text-zinc-100 ${
          dragging
            ? "border-blue-500 ring-2 ring-blue-500/40"
            : "border-zinc-300 dark:border-zinc-600"
        }`}
      />
      <PasteHelp id={ids.help} fileNote={refusal ? null : fileNote} />
      <ImportProgress checking={checking} onCancel={actions.cancel} />
      <CandidatePicker
        candidates={result?.success ? result.candidates : undefined}
        onPick={actions.choose}
      />
      <ImportOffers
        result={refusal ? null : result}
        canEditText={!held}
        onApplyEdits={onApplyEdits}
        onRepair={(repairs) => actions.type(applyRepairs(text, repairs))}
        onShow={showError}
      />
      {refusal || verdict?.tooHeavy ? null : (
        <ImportReport
          result={result}
          errorId={ids.error}
          onShowError={showError}
        />
      )}
      <ImportAlerts refusal={refusal} tooHeavy={verdict?.tooHeavy ?? null} />

      <div className="flex justify-end gap-2">
        {(text !== "" || held) && (
          <button
            type="button"
            data-testid="import.clear"
            onClick={() => {
              actions.cancel()
              textareaRef.current?.focus()
            }}
            className="rounded-md border border-zinc-300 px-3 py-2 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:hover:bg-zinc-800"
          >
            Clear
          </button>
        )}
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
