"use client"

import { useMemo, useState } from "react"

import {
  addEdit,
  hasContextManagement,
  moveEdit,
  removeEdit,
  selectEdits,
  selectToolNames,
  selectToolUseCount,
  setEditField,
} from "@/lib/state/edits"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { RegionHeader } from "@/components/ui/region-header"
import { useSimulation } from "../store/use-simulation"
import { AddEditMenu } from "./add-edit-menu"
import { AssumptionsPanel } from "./assumptions-panel"
import { ContextManagementJson } from "./context-management-json"
import { EditCard } from "./edit-card"
import { EditsGuidance } from "./edits-guidance"

/** Splits the engine's error path into (edit index, field) when it points into an edit. */
function editErrorLocation(path: (string | number)[]) {
  if (path[0] !== "context_management" || path[1] !== "edits") return null
  const index = path[2]
  if (typeof index !== "number") return null
  const field = typeof path[3] === "string" ? path[3] : null
  return { index, field }
}

const FORM_FIELDS = new Set([
  "trigger",
  "keep",
  "clear_at_least",
  "exclude_tools",
  "clear_tool_inputs",
  "pause_after_compaction",
  "instructions",
])

/** The edits region: one card per edit, add/reorder/remove, switches, raw JSON. */
export function EditsPanel() {
  const request = usePlaygroundStore((s) => s.request)
  const stale = usePlaygroundStore((s) => s.parseError !== null)
  const updateRequest = usePlaygroundStore((s) => s.updateRequest)
  const sim = useSimulation()
  const edits = selectEdits(request)
  const toolNames = useMemo(() => selectToolNames(request), [request])
  const toolUses = useMemo(() => selectToolUseCount(request), [request])
  // While the config is invalid there is no count: the sliders keep the last.
  const [lastTokens, setLastTokens] = useState(0)
  if (sim?.ok && sim.original_input_tokens !== lastTokens)
    setLastTokens(sim.original_input_tokens)
  const error = sim && !sim.ok ? sim.error : null
  const errorAt = error ? editErrorLocation(error.path) : null
  const thinkingDefault = sim?.ok
    ? (sim.model?.thinkingDefaultKeep ?? null)
    : null

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <RegionHeader title="Edits">
        <span className="truncate text-[11px] text-zinc-500">
          applied in this order
        </span>
        <div className="ml-auto">
          <AddEditMenu
            disabled={stale}
            existing={edits.map((e) => String(e.type))}
            onAdd={(edit) => updateRequest((r) => addEdit(r, edit))}
          />
        </div>
      </RegionHeader>
      <div className="min-h-0 flex-1 space-y-2 overflow-y-auto p-2.5">
        {stale && (
          <p className="rounded bg-amber-50 px-2 py-1.5 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
            The JSON has an error, so the forms are read-only: fix it first
            (your text is kept).
          </p>
        )}
        <EditsGuidance request={request} edits={edits} />
        {!hasContextManagement(request) && (
          <p
            data-testid="edits.none"
            className="rounded border border-dashed border-zinc-300 p-3 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
          >
            This request has no <code>context_management</code>: the server
            applies no edits (only the model&apos;s implicit thinking default)
            and returns <code>context_management: null</code>. Add an edit to
            start.
          </p>
        )}
        <ol
          className="space-y-2"
          aria-label="Edits, in the order the server applies them"
        >
          {edits.map((edit, i) => (
            <EditCard
              key={i}
              edit={edit}
              index={i}
              count={edits.length}
              trace={sim?.ok ? sim.edits[i] : undefined}
              cardError={
                errorAt?.index === i &&
                (!errorAt.field || !FORM_FIELDS.has(errorAt.field))
                  ? (error?.message ?? null)
                  : null
              }
              warnings={
                sim?.ok
                  ? sim.warnings
                      .filter(
                        (w) => editErrorLocation(w.path ?? [])?.index === i
                      )
                      .map((w) => w.message)
                  : []
              }
              onMove={(to) => updateRequest((r) => moveEdit(r, i, to))}
              onRemove={() => updateRequest((r) => removeEdit(r, i))}
              fieldProps={{
                setField: (field, value, options) =>
                  updateRequest(
                    (r) => setEditField(r, i, field, value),
                    options
                  ),
                errorFor: (field) =>
                  errorAt?.index === i && errorAt.field === field
                    ? (error?.message ?? null)
                    : null,
                toolNames,
                scale: { toolUses, inputTokens: lastTokens },
                thinkingDefault,
                disabled: stale,
              }}
            />
          ))}
        </ol>
        <AssumptionsPanel />
        <ContextManagementJson />
      </div>
    </div>
  )
}
