"use client"

import { DiffEditor } from "@monaco-editor/react"

import "./setup"
import { useIsDark } from "./use-is-dark"

export interface JsonDiffEditorProps {
  original: string
  modified: string
}

/** Read-only Monaco diff of two JSON texts, unchanged regions collapsed. */
export function JsonDiffEditor({ original, modified }: JsonDiffEditorProps) {
  const isDark = useIsDark()
  return (
    <DiffEditor
      height="100%"
      language="json"
      original={original}
      modified={modified}
      originalModelPath="inmemory://diff/before.json"
      modifiedModelPath="inmemory://diff/after.json"
      theme={isDark ? "vs-dark" : "vs"}
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
