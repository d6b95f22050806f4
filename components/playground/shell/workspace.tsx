"use client"

import { useEffect, type ReactNode } from "react"

import { cn } from "@/components/ui/cn"
import { TabBar } from "@/components/ui/tab-bar"
import type { Region } from "@/lib/state"

import { ConversationPanel } from "../conversation/conversation-panel"
import { EditsPanel } from "../edits/edits-panel"
import { FirstRunLine } from "./first-run-line"
import { usePlaygroundStore } from "../store/playground-store-provider"
import { ResultPanel } from "../result/result-panel"
import { Notices, type NoticesProps } from "./notices"

const REGIONS: Array<{ id: Region; label: string }> = [
  { id: "conversation", label: "Conversation" },
  { id: "edits", label: "Edits" },
  { id: "result", label: "Result" },
]

/**
 * The three regions side by side on wide screens; on narrow screens they
 * become tabs (Result first, so a shared link opens on what it shows).
 */
export function Workspace(notices: NoticesProps) {
  usePendingTextFlush()
  const region = usePlaygroundStore((s) => s.narrowRegion)
  const setRegion = usePlaygroundStore((s) => s.setNarrowRegion)

  return (
    <main className="flex min-h-0 flex-1 flex-col">
      <FirstRunLine />
      <Notices {...notices} />
      <TabBar
        label="Regions"
        tabs={REGIONS}
        value={region}
        onChange={setRegion}
        testIdPrefix="regions.tab"
        className="lg:hidden"
        stretch
      />
      <div className="grid min-h-0 flex-1 grid-cols-1 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,0.85fr)_minmax(0,1.35fr)]">
        <RegionBox id="conversation" active={region} label="Conversation">
          <ConversationPanel />
        </RegionBox>
        <RegionBox id="edits" active={region} label="Edits">
          <EditsPanel />
        </RegionBox>
        <RegionBox id="result" active={region} label="Result">
          <ResultPanel />
        </RegionBox>
      </div>
    </main>
  )
}

/**
 * Writes form changes back into the JSON text shortly after they happen: the
 * result updates first, and a burst of changes costs one text patch.
 */
function usePendingTextFlush() {
  const pending = usePlaygroundStore((s) => s.textPending)
  const flush = usePlaygroundStore((s) => s.flushPendingText)
  useEffect(() => {
    if (!pending) return
    const id = setTimeout(flush, 120)
    return () => clearTimeout(id)
  }, [pending, flush])
}

function RegionBox({
  id,
  active,
  label,
  children,
}: {
  id: Region
  active: Region
  label: string
  children: ReactNode
}) {
  return (
    <section
      id={`region-${id}`}
      // A skip link can move focus here (the section itself is not a stop).
      tabIndex={-1}
      aria-label={label}
      data-testid={`region.${id}`}
      className={cn(
        "min-h-0 flex-col border-zinc-200 lg:flex lg:border-r last:lg:border-r-0 dark:border-zinc-800",
        active === id ? "flex" : "hidden"
      )}
    >
      {children}
    </section>
  )
}
