"use client"

import type { ApiErrorBody } from "@/lib/anthropic/errors"

import { CacheDiagnosis } from "./cache-diagnosis"
import { CountResult } from "./count-result"
import { EditsComparison } from "./edits-comparison"
import { ErrorNotice } from "./error-notice"
import { KeySection } from "./key-section"
import { ProbeSection } from "./probes/probe-section"
import { useSessionKey } from "./session-key"
import { StreamView } from "./stream-view"
import { type ServerPanelProps, useServerCalls } from "./use-server-calls"

const BUTTON =
  "rounded px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50"

/** The Server tab: real count_tokens and messages calls against the API. */
export function ServerPanel(props: ServerPanelProps) {
  const { request, prediction, onErrorPath } = props
  const key = useSessionKey()
  const calls = useServerCalls({ ...props, apiKey: key.apiKey })
  const { status, count, run, shapeError, lastAction, noKey, streaming } = calls
  const { keySource } = calls
  const snapshot = run.state === "idle" ? null : run.snapshot
  const countError =
    !shapeError && lastAction === "count" && count.state === "error"
      ? count.error
      : null
  const runError =
    !shapeError && lastAction === "send" && run.state !== "idle"
      ? run.error
      : undefined
  /** A failed call's error, worded for where the key came from. */
  const errorNotice = (error: ApiErrorBody | null | undefined) =>
    error && (
      <ErrorNotice
        error={error}
        keySource={keySource}
        onShowPath={onErrorPath}
      />
    )

  return (
    <div className="space-y-4 p-3">
      <KeySection
        status={status}
        apiKey={key.apiKey}
        remember={key.remember}
        onApiKeyChange={key.setApiKey}
        onRememberChange={key.setRemember}
        onClear={key.clear}
      />

      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          data-testid="server.count"
          disabled={noKey || count.state === "loading"}
          onClick={() => void calls.handleCount()}
          className={`${BUTTON} border border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800`}
        >
          {count.state === "loading" ? "Counting…" : "Count tokens (free)"}
        </button>
        <button
          type="button"
          data-testid="server.send"
          disabled={noKey || streaming}
          onClick={() => void calls.handleSend()}
          className={`${BUTTON} bg-brand text-white hover:bg-brand-strong`}
        >
          Send (costs tokens)
        </button>
        {streaming && (
          <button
            type="button"
            data-testid="server.cancel"
            onClick={calls.cancel}
            className={`${BUTTON} border border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800`}
          >
            Cancel
          </button>
        )}
        <span aria-live="polite" className="text-xs text-zinc-500">
          {streaming
            ? "Streaming…"
            : run.state === "done"
              ? "Run complete."
              : ""}
        </span>
      </div>
      {shapeError && (
        <p
          role="alert"
          data-testid="server.error"
          className="text-sm text-red-700 dark:text-red-300"
        >
          {shapeError}
        </p>
      )}

      {errorNotice(countError)}
      {count.state === "done" && (
        <CountResult
          result={count.data}
          estimates={prediction}
          stale={count.request !== request}
        />
      )}

      {run.state !== "idle" && snapshot && (
        <section aria-label="Real run" className="space-y-3">
          {run.notes.map((note) => (
            <p key={note} className="text-xs text-zinc-500">
              {note}
            </p>
          ))}
          {errorNotice(runError)}
          <StreamView snapshot={snapshot} />
          {run.state === "done" && (
            <CacheDiagnosis
              snapshot={snapshot}
              previous={run.previous}
              request={run.request}
            />
          )}
          {snapshot.appliedEdits !== null && (
            <EditsComparison
              predicted={prediction?.applied_edits ?? null}
              server={snapshot.appliedEdits}
            />
          )}
          {run.request !== request && (
            <p className="text-xs text-amber-700 dark:text-amber-300">
              The request changed since this run.
            </p>
          )}
        </section>
      )}
      <ProbeSection apiKey={key.apiKey} noKey={noKey} />
    </div>
  )
}
