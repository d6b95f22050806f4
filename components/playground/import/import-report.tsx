"use client"

import { useMemo } from "react"

import { simulate, type SimulateOptions } from "@/lib/context-editing"
import type { ParsedImport, RequestSummary } from "@/lib/import"
import { formatApprox, formatNumber } from "@/lib/format/number"

import { usePlaygroundStore } from "../store/playground-store-provider"

const ROWS: Array<[keyof RequestSummary, string]> = [
  ["messages", "Messages"],
  ["toolUses", "Tool uses"],
  ["toolResults", "Tool results"],
  ["legacyCalls", "Legacy XML calls in text"],
  ["legacyResults", "Legacy XML results in text"],
]

function count(n: number): string {
  return formatNumber(n)
}

/** Before/after counts of a successful import. */
function Preview({
  result,
}: {
  result: Extract<ParsedImport, { success: true }>
}) {
  const after = summarize(result)
  const before = result.before
  // The page's own estimate (same engine, switches and calibration; hidden
  // tool prompt, framing and server-tool overheads included), so the preview
  // and the page show one number.
  const assumptions = usePlaygroundStore((s) => s.assumptions)
  const calibration = usePlaygroundStore((s) => s.calibration)
  const tokens = useMemo(() => {
    const sim = simulate(result.data, {
      assumptions: assumptions as SimulateOptions["assumptions"],
      calibration,
    })
    return sim.ok ? sim.original_input_tokens : null
  }, [result.data, assumptions, calibration])
  const converted = before ? Math.max(0, after.toolUses - before.toolUses) : 0
  return (
    <section
      data-testid="import.preview"
      aria-label="Preview"
      className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-700"
    >
      <table className="w-full text-left tabular-nums">
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th scope="col" className="font-medium">
              Count
            </th>
            {before ? (
              <th scope="col" className="font-medium">
                Pasted
              </th>
            ) : null}
            <th scope="col" className="font-medium">
              Imported
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.filter(
            ([key]) => after[key] > 0 || (before && before[key] > 0)
          ).map(([key, label]) => (
            <tr key={key}>
              <th
                scope="row"
                className="py-0.5 font-normal text-zinc-700 dark:text-zinc-300"
              >
                {label}
              </th>
              {before ? <td>{count(before[key])}</td> : null}
              <td>{count(after[key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        {converted > 0
          ? `${count(converted)} tool use${converted === 1 ? "" : "s"} converted · `
          : ""}
        {tokens === null ? (
          "The engine rejects this request; the page will say why"
        ) : (
          <span data-testid="import.preview.tokens">
            {formatApprox(tokens)} tokens (estimate, as the page counts the
            request: hidden tool prompt and framing included)
          </span>
        )}
      </p>
    </section>
  )
}

function summarize(
  result: Extract<ParsedImport, { success: true }>
): RequestSummary {
  const summary: RequestSummary = {
    messages: result.data.messages.length,
    toolUses: 0,
    toolResults: 0,
    textBlocks: 0,
    legacyCalls: 0,
    legacyResults: 0,
  }
  for (const message of result.data.messages) {
    if (typeof message.content === "string") continue
    for (const block of message.content) {
      if (block.type === "tool_use" || block.type === "server_tool_use")
        summary.toolUses++
      else if (block.type === "tool_result") summary.toolResults++
      else if (block.type === "text") summary.textBlocks++
    }
  }
  return summary
}

/** Detection, located error, notes and preview for the pasted text. */
export function ImportReport({
  result,
  errorId,
  onShowError,
}: {
  result: ParsedImport | null
  /** Id of the error element (the textarea's aria-describedby). */
  errorId: string
  /** Moves the caret to the error's line and column. */
  onShowError(line: number, column: number): void
}) {
  if (!result) {
    return (
      <p
        data-testid="import.detected"
        className="text-sm text-zinc-500 dark:text-zinc-400"
      >
        Paste or drop something to see what it is.
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <p
        data-testid="import.detected"
        aria-live="polite"
        className="text-sm text-zinc-700 dark:text-zinc-300"
      >
        Detected: <span className="font-medium">{result.label}</span>
      </p>
      {result.success ? null : (
        <div
          id={errorId}
          role="alert"
          data-testid="import.error"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p>{result.error.message}</p>
          {result.error.line !== undefined ? (
            <button
              type="button"
              onClick={() =>
                onShowError(result.error.line ?? 1, result.error.column ?? 1)
              }
              className="mt-1 text-sm underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              Go to line {result.error.line}
              {result.error.column !== undefined
                ? `, column ${result.error.column}`
                : ""}
            </button>
          ) : null}
        </div>
      )}
      {result.success && result.notes.length > 1 ? (
        <section aria-label="What was repaired or dropped">
          <h3 className="mb-1 text-sm font-medium">What changed</h3>
          <ul
            data-testid="import.notes"
            className="flex max-h-40 flex-col gap-1 overflow-y-auto text-sm"
          >
            {result.notes.slice(1).map((note, i) => (
              <li
                key={i}
                className={
                  note.level === "warning"
                    ? "text-amber-800 dark:text-amber-300"
                    : "text-zinc-700 dark:text-zinc-300"
                }
              >
                <NoteIcon warning={note.level === "warning"} />
                <span className="sr-only">
                  {note.level === "warning" ? "Warning: " : "Note: "}
                </span>
                {note.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.success ? <Preview result={result} /> : null}
    </div>
  )
}

/**
 * Drawn, not a glyph: "ⓘ" and "⚠" are missing from some system fonts
 * (Debian's headless Chromium showed an empty box).
 */
function NoteIcon({ warning }: { warning: boolean }) {
  return (
    <svg
      viewBox="0 0 16 16"
      aria-hidden
      className="mr-1 inline size-3.5 -translate-y-px align-middle"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
    >
      {warning ? (
        <>
          <path d="M8 1.8 14.6 13.6H1.4Z" strokeLinejoin="round" />
          <path d="M8 6.2v3.6M8 11.6v.1" />
        </>
      ) : (
        <>
          <circle cx="8" cy="8" r="6.6" />
          <path d="M8 7.2v4.2M8 4.6v.1" />
        </>
      )}
    </svg>
  )
}
