"use client"

import {
  AGENT_SWITCH_SPECS,
  type AgentSwitches,
  agentSwitches,
} from "@/lib/context-editing"

import { externalStore, useExternalStore } from "@/components/ui/external-store"

/**
 * What the what-if assumes the agent does when a config takes a result
 * out (lib/context-editing/session/needs/switches.ts), shared by the
 * Timeline, Compare and Tune so they price the same thing. Page state
 * only: a reload starts from the defaults.
 */
const store = externalStore<{ agent: AgentSwitches }>({
  agent: agentSwitches(),
})

/** The switches in force. */
export function useAgentSwitches(): AgentSwitches {
  return useExternalStore(store, (s) => s.agent)
}

/** Each switch as a select, with its evidence; changing one re-prices every view. */
export function AgentSwitchControls() {
  const agent = useAgentSwitches()
  return (
    <fieldset className="space-y-1 text-xs" data-testid="agent.switches">
      <legend className="text-zinc-500">
        Assumed of the agent (if it otherwise took the same steps):
      </legend>
      {AGENT_SWITCH_SPECS.map((spec) => (
        <label key={spec.key} className="flex flex-wrap items-center gap-1.5">
          <span>{spec.label}</span>
          <select
            className="rounded border border-zinc-300 bg-white px-1 dark:border-zinc-700 dark:bg-zinc-900"
            data-testid={`agent.switch.${spec.key}`}
            value={String(agent[spec.key])}
            onChange={(e) => {
              const option = spec.options.find(
                (o) => String(o.value) === e.target.value
              )
              if (option)
                store.set({
                  agent: agentSwitches({ ...agent, [spec.key]: option.value }),
                })
            }}
          >
            {spec.options.map((o) => (
              <option key={String(o.value)} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
          <span className="text-zinc-500">
            ({spec.evidence}: {spec.description})
          </span>
        </label>
      ))}
    </fieldset>
  )
}
