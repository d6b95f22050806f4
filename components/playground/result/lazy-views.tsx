"use client"

import dynamic from "next/dynamic"

import { LoadingLine } from "@/components/ui/loading-line"

// Every view of the result loads on demand, so the page's first-load JS
// holds none of them (bench/page measures it): the numbers and the Blocks
// view with the engine (they start loading as the region mounts, so they
// are there when the engine is), the other views when their tab is opened.

import { Computing } from "./computing"

const loading = LoadingLine

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

export const LazyBlockList = dynamic(
  () => loadBlocks().then((m) => m.BlockList),
  { ssr: false, loading }
)

export const LazyExplainView = dynamic(
  () => import("./explain-view").then((m) => m.ExplainView),
  { ssr: false, loading }
)

export const LazyRawDiff = dynamic(
  () => import("./raw-diff").then((m) => m.RawDiff),
  { ssr: false, loading }
)

export const LazyTimelineView = dynamic(
  () => import("./timeline-view").then((m) => m.TimelineView),
  { ssr: false, loading }
)

export const LazyCompareView = dynamic(
  () => import("./compare-view").then((m) => m.CompareView),
  { ssr: false, loading }
)

export const LazyServerTab = dynamic(
  () => import("../server/server-tab").then((m) => m.ServerTab),
  { ssr: false, loading }
)

export const LazyTuneView = dynamic(
  () => import("./tune/tune-view").then((m) => m.TuneView),
  { ssr: false, loading }
)
