"use client"

import { useState } from "react"

import { TabBar } from "@/components/ui/tab-bar"

import { groupColumns } from "./fleet-columns"
import { FleetCalls, FleetMisses, FleetUnmodelled } from "./fleet-lists"
import { FleetSessions } from "./fleet-sessions"
import { useReport } from "./fleet-store"
import { FleetTable } from "./fleet-table"
import { FleetTune } from "./fleet-tune"

type Tab =
  | "sessions"
  | "projects"
  | "days"
  | "models"
  | "calls"
  | "misses"
  | "unmodelled"
  | "tune"

const TABS: Array<{ id: Tab; label: string }> = [
  { id: "sessions", label: "Sessions" },
  { id: "projects", label: "Projects" },
  { id: "days", label: "Days" },
  { id: "models", label: "Models" },
  { id: "calls", label: "Top calls" },
  { id: "misses", label: "Cache misses" },
  { id: "unmodelled", label: "Not modelled" },
  { id: "tune", label: "Tune across sessions" },
]

/** The report's tables and the tuner, one tab at a time. */
export function FleetTabs() {
  const report = useReport()
  const [tab, setTab] = useState<Tab>("sessions")
  if (!report) return null
  const groups = {
    projects: report.byProject,
    days: report.byDay,
    models: report.byModel,
  }
  return (
    <div className="space-y-2">
      <TabBar
        label="Report"
        tabs={TABS}
        value={tab}
        onChange={setTab}
        testIdPrefix="fleet.tab"
      />
      <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)!.label}>
        {tab === "sessions" && <FleetSessions />}
        {(tab === "projects" || tab === "days" || tab === "models") && (
          <FleetTable
            rows={groups[tab]}
            columns={groupColumns(tab.slice(0, -1))}
            initial={
              tab === "days"
                ? { key: "key", desc: false }
                : { key: "dollars", desc: true }
            }
            testId={`fleet.${tab}`}
            caption={`What you paid, by ${tab.slice(0, -1)}`}
          />
        )}
        {tab === "calls" && <FleetCalls />}
        {tab === "misses" && <FleetMisses />}
        {tab === "unmodelled" && <FleetUnmodelled />}
        {tab === "tune" && <FleetTune />}
      </div>
    </div>
  )
}
