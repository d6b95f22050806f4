"use client"

import { useEffect, useState } from "react"

import type { SimulateError } from "@/lib/context-editing"
import {
  loadedJsonTools,
  loadJsonTools,
  type Jsonc,
} from "@/lib/json/on-demand"
import { locate } from "@/lib/json/parse-native"

import { usePlaygroundStoreApi } from "../store/playground-store-provider"

/** Line/column of a JSON path in the editor text, when it can be found. */
function lineOf(
  jsonc: Jsonc,
  text: string,
  path: (string | number)[]
): { line: number; column: number } | null {
  const root = jsonc.parseTree(text)
  if (!root) return null
  for (let n = path.length; n > 0; n--) {
    const node = jsonc.findNodeAtLocation(root, path.slice(0, n))
    if (node) return locate(text, node.offset)
  }
  return null
}

/** jsonc-parser once loaded (on demand: it is not in the first-load JS). */
function useJsonc(): Jsonc | null {
  const [jsonc, setJsonc] = useState(() => loadedJsonTools()?.jsonc ?? null)
  useEffect(() => {
    let live = true
    loadJsonTools().then(
      (tools) => live && setJsonc(() => tools.jsonc),
      () => undefined
    )
    return () => {
      live = false
    }
  }, [])
  return jsonc
}

/** The 400 the API would answer, located in the JSON. */
export function EngineError({
  error,
  hasFallback,
}: {
  error: SimulateError
  hasFallback: boolean
}) {
  const store = usePlaygroundStoreApi()
  const jsonc = useJsonc()
  const at = jsonc && lineOf(jsonc, store.getState().requestText, error.path)
  return (
    <div
      role="alert"
      data-testid="result.error"
      className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
    >
      <p className="font-semibold">
        The API would reject this request (
        {error.type === "not_found_error" ? "404" : "400"} {error.type})
      </p>
      <p
        className="mt-1 font-mono text-xs break-words"
        data-testid="result.error.message"
      >
        {error.message}
      </p>
      <p className="mt-1 text-xs">
        {error.path.length > 0 && (
          <>
            at <code>{error.path.join(".")}</code>
            {at ? ` (line ${at.line}, column ${at.column})` : ""}.{" "}
          </>
        )}
        {hasFallback ? "Below: the last prediction that worked, dimmed." : ""}
      </p>
    </div>
  )
}
