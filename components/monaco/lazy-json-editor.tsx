"use client"

import dynamic from "next/dynamic"
import { useState } from "react"

import type { JsonEditorProps } from "./json-editor"

// Monaco (~4 MB) loads after first paint; a plain textarea holds the text
// meanwhile so the user can read and type at once.
const MonacoJsonEditor = dynamic(
  () => import("./json-editor").then((m) => m.JsonEditor),
  { ssr: false, loading: () => null }
)

/** The request editor: a textarea at once, Monaco as soon as it has loaded. */
export function LazyJsonEditor(props: JsonEditorProps) {
  const [ready, setReady] = useState(false)
  return (
    <div className="relative h-full min-h-0" data-testid="editor.container">
      {!ready && (
        <textarea
          data-testid="editor.fallback"
          aria-label={props.ariaLabel}
          className="absolute inset-0 z-10 h-full w-full resize-none bg-white p-3 font-mono text-xs leading-5 text-zinc-800 outline-none dark:bg-zinc-950 dark:text-zinc-200"
          value={props.value}
          spellCheck={false}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={props.onBlur}
        />
      )}
      <MonacoJsonEditor
        {...props}
        onReady={(api) => {
          setReady(true)
          props.onReady?.(api)
        }}
      />
    </div>
  )
}
