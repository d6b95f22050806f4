"use client"

import dynamic from "next/dynamic"
import type { ComponentType } from "react"

import { LoadingLine } from "@/components/ui/loading-line"

// Every view of the result loads on demand, so the page's first-load JS
// holds none of them (bench/page measures it): the numbers and the Blocks
// view with the engine (they start loading as the region mounts, so they
// are there when the engine is), the other views when their tab is opened.

import { Computing } from "./computing"

/** A view loaded on demand, showing the loading line until it is there. */
function lazyView<P extends object>(load: () => Promise<ComponentType<P>>) {
  return dynamic(load, { ssr: false, loading: LoadingLine })
}

const loadNumbers = () => import("./result-numbers")
const loadBlocks = () => import("./block-list")

/** Starts loading what the region shows first, without waiting for the engine. */
export function preloadResultViews(): void {
  void loadNumbers()
  void loadBlocks()
}

export const LazyResultNumbers = dynamic(
  () => loadNumbers().then((m) => m.ResultNumbers),
  { ssr: false, loading: Computing }
)

export const LazyBlockList = lazyView(() =>
  loadBlocks().then((m) => m.BlockList)
)

export const LazyExplainView = lazyView(() =>
  import("./explain-view").then((m) => m.ExplainView)
)

export const LazyRawDiff = lazyView(() =>
  import("./raw-diff").then((m) => m.RawDiff)
)

export const LazyTimelineView = lazyView(() =>
  import("./timeline-view").then((m) => m.TimelineView)
)

export const LazyCompareView = lazyView(() =>
  import("./compare-view").then((m) => m.CompareView)
)

export const LazyServerTab = lazyView(() =>
  import("../server/server-tab").then((m) => m.ServerTab)
)

export const LazyTuneView = lazyView(() =>
  import("./tune/tune-view").then((m) => m.TuneView)
)
