"use client"

import dynamic from "next/dynamic"

// Everything the first paint does not need loads on demand, so the page's
// first-load JS stays small (bench/page measures it): the dialogs, compose
// mode, the Explain, Timeline, Compare, Raw diff and Server tabs, the
// importers behind them, and the bodies of the collapsed edit sections.

const loading = () => (
  <p className="p-3 text-sm text-zinc-500" role="status">
    Loading…
  </p>
)

export const LazyImportDialog = dynamic(
  () => import("./import-dialog").then((m) => m.ImportDialog),
  { ssr: false }
)

export const LazyShareDialog = dynamic(
  () => import("./share-dialog").then((m) => m.ShareDialog),
  { ssr: false }
)

export const LazyExportDialog = dynamic(
  () => import("./export-dialog").then((m) => m.ExportDialog),
  { ssr: false }
)

export const LazyComposeView = dynamic(
  () => import("./conversation/compose-view").then((m) => m.ComposeView),
  { ssr: false, loading }
)

export const LazyExplainView = dynamic(
  () => import("./result/explain-view").then((m) => m.ExplainView),
  { ssr: false, loading }
)

export const LazyRawDiff = dynamic(
  () => import("./result/raw-diff").then((m) => m.RawDiff),
  { ssr: false, loading }
)

export const LazyTimelineView = dynamic(
  () => import("./result/timeline-view").then((m) => m.TimelineView),
  { ssr: false, loading }
)

export const LazyCompareView = dynamic(
  () => import("./result/compare-view").then((m) => m.CompareView),
  { ssr: false, loading }
)

export const LazyServerTab = dynamic(
  () => import("./result/server-tab").then((m) => m.ServerTab),
  { ssr: false, loading }
)

export const LazyLegacyNotice = dynamic(
  () => import("./conversation/legacy-notice").then((m) => m.LegacyNotice),
  { ssr: false }
)

export const LazyLearnDialog = dynamic(
  () => import("./learn/learn-dialog").then((m) => m.LearnDialog),
  { ssr: false }
)

export const LazyTuneView = dynamic(
  () => import("./result/tune-view").then((m) => m.TuneView),
  { ssr: false, loading }
)

export const LazyShortcutsDialog = dynamic(
  () => import("./shortcuts-dialog").then((m) => m.ShortcutsDialog),
  { ssr: false }
)

export const LazyAssumptionSwitches = dynamic(
  () => import("./edits/assumption-switches").then((m) => m.AssumptionSwitches),
  { ssr: false, loading }
)

export const LazyContextManagementEditor = dynamic(
  () =>
    import("./edits/context-management-editor").then(
      (m) => m.ContextManagementEditor
    ),
  { ssr: false, loading }
)

export const LazyFleetView = dynamic(
  () => import("@/components/fleet/fleet-view").then((m) => m.FleetView),
  { ssr: false }
)
