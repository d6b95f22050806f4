"use client"

import dynamic from "next/dynamic"

import { LoadingLine } from "@/components/ui/loading-line"

// The result views behind a tab load when the tab is opened, so the page's
// first-load JS holds only the Blocks view (bench/page measures it).

const loading = LoadingLine

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
