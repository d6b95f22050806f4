"use client"

import { ASSUMPTION_SPECS } from "@/lib/context-editing"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { inputClass, Tag } from "@/components/ui/fields"

/** One control per assumption switch, with its evidence tag and what it means. */
export function AssumptionSwitches() {
  const overrides = usePlaygroundStore((s) => s.assumptions)
  const setAssumption = usePlaygroundStore((s) => s.setAssumption)
  const reset = usePlaygroundStore((s) => s.resetAssumptions)

  return (
    <div className="space-y-2 border-t border-zinc-200 p-2.5 dark:border-zinc-800">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        The API reports only counts, so some behaviour is not documented. Each
        switch shows the documented-best default; change one to see how much the
        prediction depends on it.
      </p>
      {ASSUMPTION_SPECS.map((spec) => {
        const value = spec.key in overrides ? overrides[spec.key] : spec.default
        const id = `assumption-${spec.key}`
        const modified =
          spec.key in overrides && overrides[spec.key] !== spec.default
        return (
          <div
            key={spec.key}
            data-testid={`assumptions.${spec.key}`}
            className={
              modified
                ? "rounded bg-amber-50/60 p-1 dark:bg-amber-950/30"
                : "p-1"
            }
          >
            <div className="flex items-center gap-2">
              {typeof spec.default === "boolean" ? (
                <input
                  id={id}
                  type="checkbox"
                  checked={value === true}
                  onChange={(e) => setAssumption(spec.key, e.target.checked)}
                />
              ) : null}
              <label htmlFor={id} className="text-xs font-medium">
                {spec.label}
              </label>
              <Tag kind={spec.evidence} />
              <span className="ml-auto text-[10px] text-zinc-500">
                {spec.specRef}
              </span>
            </div>
            {spec.options ? (
              <select
                id={id}
                className={`${inputClass} mt-1 text-xs`}
                value={String(value)}
                onChange={(e) => setAssumption(spec.key, e.target.value)}
              >
                {spec.options.map((o) => (
                  <option key={String(o.value)} value={String(o.value)}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : typeof spec.default === "string" ? (
              <input
                id={id}
                className={`${inputClass} mt-1 font-mono text-xs`}
                value={String(value)}
                onChange={(e) => setAssumption(spec.key, e.target.value)}
              />
            ) : null}
            <p className="mt-0.5 text-[11px] leading-4 text-zinc-500">
              {spec.description}
            </p>
          </div>
        )
      })}
      <button
        type="button"
        onClick={reset}
        className="rounded border border-zinc-300 px-2 py-0.5 text-xs dark:border-zinc-700"
      >
        Reset to defaults
      </button>
    </div>
  )
}
