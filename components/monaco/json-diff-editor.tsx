"use client"

import { DiffEditor } from "@monaco-editor/react"
import { useEffect, useRef } from "react"

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
  return (
    <DiffEditor
      height="100%"
      language="json"
      original={original}
      modified={modified}
      originalModelPath="inmemory://diff/before.json"
      modifiedModelPath="inmemory://diff/after.json"
      theme={isDark ? "vs-dark" : "vs"}
      onMount={(editor) => {
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
