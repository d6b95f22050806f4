"use client"

import { DiffEditor } from "@monaco-editor/react"
import type { editor } from "monaco-editor"
import { useEffect, useLayoutEffect, useRef } from "react"

import "./setup"
import { useIsDark } from "./use-is-dark"

export interface JsonDiffEditorProps {
  original: string
  modified: string
  /**
   * Called with the texts whose diff Monaco has just finished computing (it
   * runs in a worker, after the texts are shown), so the caller can say
   * "computing…" until then.
   */
  onDiffReady?: (texts: { original: string; modified: string }) => void
}

/** Read-only Monaco diff of two JSON texts, unchanged regions collapsed. */
export function JsonDiffEditor({
  original,
  modified,
  onDiffReady,
}: JsonDiffEditorProps) {
  const isDark = useIsDark()
  // The texts Monaco is diffing now (the event only says "updated").
  const latest = useRef({ original, modified, onDiffReady })
  useEffect(() => {
    latest.current = { original, modified, onDiffReady }
  })
  // @monaco-editor/react disposes the two models before the diff widget on
  // unmount, which Monaco reports as "TextModel got disposed before
  // DiffEditorWidget model got reset" (monaco-react#647). It keeps them
  // instead (keepCurrent*Model); this layout-effect cleanup, which runs
  // before the library's own, detaches them from the widget, then disposes them.
  const diff = useRef<editor.IStandaloneDiffEditor | null>(null)
  useLayoutEffect(
    () => () => {
      const d = diff.current
      if (!d) return
      const models = d.getModel()
      d.setModel(null)
      models?.original.dispose()
      models?.modified.dispose()
      diff.current = null
    },
    []
  )
  return (
    <DiffEditor
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      height="100%"
      language="json"
      original={original}
      modified={modified}
      originalModelPath="inmemory://diff/before.json"
      modifiedModelPath="inmemory://diff/after.json"
      theme={isDark ? "vs-dark" : "vs"}
      onMount={(editor) => {
        diff.current = editor
        editor.onDidUpdateDiff(() => {
          const { original, modified, onDiffReady } = latest.current
          onDiffReady?.({ original, modified })
        })
      }}
      options={{
        readOnly: true,
        originalEditable: false,
        minimap: { enabled: false },
        automaticLayout: true,
        fontSize: 12,
        wordWrap: "on",
        diffWordWrap: "on",
        hideUnchangedRegions: {
          enabled: true,
          contextLineCount: 3,
          minimumLineCount: 5,
          revealLineCount: 20,
        },
        renderSideBySideInlineBreakpoint: 900,
        maxComputationTime: 5000,
        scrollBeyondLastLine: false,
        accessibilityVerbose: true,
      }}
    />
  )
}
