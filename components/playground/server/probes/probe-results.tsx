"use client"

import { type ComponentProps, useState } from "react"

import { ASSUMPTION_SPECS, DEFAULT_ASSUMPTIONS } from "@/lib/context-editing"
import { applySettled, type StoredProbeRun } from "@/lib/probes"

import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../../store/playground-store-provider"
import { ProbeEvidenceDetails } from "./probe-evidence"

/** The buttons of the apply step (Apply…, Apply, Keep). */
function ProbeButton(props: ComponentProps<"button">) {
  return (
    <button
      type="button"
      className="rounded border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      {...props}
    />
  )
}

/** "≥ (reaches)" for an option switch, "yes"/"no" for a boolean one. */
export function valueLabel(key: string, value: unknown): string {
  const spec = ASSUMPTION_SPECS.find((s) => s.key === key)
  const option = spec?.options?.find((o) => o.value === value)
  if (option) return option.label
  if (typeof value === "boolean") return value ? "yes" : "no"
  return String(value)
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
  })

/** One model's run: each settled switch with its evidence, then Apply. */
export function ProbeResults({ run }: { run: StoredProbeRun }) {
  const assumptions = usePlaygroundStore((s) => s.assumptions)
  const factorNow = usePlaygroundStore((s) => s.calibration[run.model])
  const settled = Object.entries(run.settled)
  const current = { ...DEFAULT_ASSUMPTIONS, ...assumptions } as Record<
    string,
    unknown
  >
  const changes = settled.filter(([k, v]) => current[k] !== v)
  const unsettled = run.evidence.filter(
    (e) => e.key !== "calibration" && !("value" in e)
  )
  const calibration = run.evidence.find((e) => e.key === "calibration")
  const factor = run.calibration?.tokenFactor
  const factorPending = factor !== undefined && factorNow !== factor
  const applied =
    !factorPending &&
    JSON.stringify(applySettled(assumptions, run.settled)) ===
      JSON.stringify(assumptions)
  return (
    <section
      aria-label={`Probe results for ${run.model}`}
      className="space-y-2"
      data-testid="probes.results"
    >
      <p className="text-xs text-zinc-500">
        {run.model}: {settled.length} switch{settled.length === 1 ? "" : "es"}{" "}
        settled by {run.requests} free count_tokens requests on {dateOf(run.at)}
        .
      </p>
      <ul className="space-y-2">
        {settled.map(([key, value]) => {
          const spec = ASSUMPTION_SPECS.find((s) => s.key === key)
          const ev = run.evidence.find((e) => e.key === key)
          return (
            <li
              key={key}
              data-testid={`probes.switch.${key}`}
              className="rounded border border-zinc-200 p-2 dark:border-zinc-800"
            >
              <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium">{spec?.label ?? key}</span>
                <span>{valueLabel(key, value)}</span>
                <span className="text-xs text-emerald-700 dark:text-emerald-400">
                  settled by{" "}
                  {run.fromLink ? "the link author’s API" : "your API"} on{" "}
                  {dateOf(run.at)}
                </span>
                {current[key] !== value && (
                  <span className="text-xs text-amber-700 dark:text-amber-300">
                    (the page assumes {valueLabel(key, current[key])})
                  </span>
                )}
              </div>
              {ev && <ProbeEvidenceDetails evidence={ev} />}
            </li>
          )
        })}
      </ul>
      {unsettled.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
            Not settled ({unsettled.length}): the answers did not decide, so
            nothing was guessed
          </summary>
          <ul className="mt-1 space-y-1">
            {unsettled.map((e) => (
              <li key={e.probe}>
                <span className="font-medium">
                  {ASSUMPTION_SPECS.find((s) => s.key === e.key)?.label ??
                    e.key}
                </span>
                : <ProbeEvidenceDetails evidence={e} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {calibration && "value" in calibration && (
        <p className="text-xs text-zinc-500">
          Token calibration: {calibration.finding}
        </p>
      )}
      <ApplyControls
        model={run.model}
        applied={applied}
        changes={changes}
        factor={factorPending ? factor : undefined}
      />
    </section>
  )
}

/** Apply, with a confirmation that lists what changes. */
function ApplyControls(props: {
  model: string
  applied: boolean
  changes: [string, unknown][]
  /** A measured token factor not yet used for this model. */
  factor: number | undefined
}) {
  const { model, applied, changes, factor } = props
  const store = usePlaygroundStoreApi()
  const [confirming, setConfirming] = useState(false)
  const factorPending = factor !== undefined
  return (
    <>
      {applied ? (
        <p className="text-xs text-zinc-500" data-testid="probes.applied">
          The page uses these settled values.
        </p>
      ) : confirming ? (
        <div
          role="group"
          aria-label="Confirm applying"
          className="space-y-1 rounded border border-amber-300 p-2 text-sm dark:border-amber-700"
        >
          <p>
            Change {changes.length} switch{changes.length === 1 ? "" : "es"} to
            what your API answered?{" "}
            {changes
              .map(
                ([k, v]) =>
                  `${ASSUMPTION_SPECS.find((s) => s.key === k)?.label ?? k}: ${valueLabel(k, v)}`
              )
              .join("; ")}
            {changes.length > 0 ? "." : ""}
            {factorPending &&
              ` Estimates for ${model} also use the measured token factor ×${factor}.`}
          </p>
          <div className="flex gap-2">
            <ProbeButton
              data-testid="probes.confirm"
              onClick={() => {
                store.getState().applyProbeRun(model)
                setConfirming(false)
              }}
            >
              Apply
            </ProbeButton>
            <ProbeButton onClick={() => setConfirming(false)}>
              Keep the page&apos;s values
            </ProbeButton>
          </div>
        </div>
      ) : (
        <ProbeButton
          data-testid="probes.apply"
          onClick={() => setConfirming(true)}
        >
          Apply settled switches…
        </ProbeButton>
      )}
    </>
  )
}
