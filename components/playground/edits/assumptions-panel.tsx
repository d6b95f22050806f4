"use client"

import dynamic from "next/dynamic"

import { Disclosure } from "@/components/ui/disclosure"
import { LoadingLine } from "@/components/ui/loading-line"
import { ASSUMPTION_SPECS, DEFAULT_ASSUMPTIONS } from "@/lib/context-editing"

import { usePlaygroundStore } from "../store/playground-store-provider"

// The switches' body loads when the section is first opened.
const LazyAssumptionSwitches = dynamic(
  () => import("./assumption-switches").then((m) => m.AssumptionSwitches),
  { ssr: false, loading: LoadingLine }
)

/**
 * Every assumption of the engine as a visible switch, marked "assumed" or
 * "documented", so a user sees what is certain and what is not. The switches
 * load when the section is opened.
 */
export function AssumptionsPanel() {
  const overrides = usePlaygroundStore((s) => s.assumptions)
  const assumed = ASSUMPTION_SPECS.filter(
    (s) => s.evidence === "assumed"
  ).length
  const changed = Object.keys(overrides).filter(
    (k) =>
      overrides[k] !==
      DEFAULT_ASSUMPTIONS[k as keyof typeof DEFAULT_ASSUMPTIONS]
  ).length

  return (
    <Disclosure
      className="group"
      testId="assumptions"
      summary={
        <>
          Assumptions{" "}
          <span className="text-xs font-normal text-zinc-500">
            ({assumed} assumed
            {changed ? `, ${changed} changed from the default` : ""})
          </span>
        </>
      }
    >
      <LazyAssumptionSwitches />
    </Disclosure>
  )
}
