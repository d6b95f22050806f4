"use client"

import { useEffect, useState } from "react"

import type { SimulateError } from "@/lib/context-editing"
import {
  loadedJsonTools,
  loadJsonTools,
  type Jsonc,
} from "@/lib/json/on-demand"
import { locate } from "@/lib/json/parse-native"

import { composePlace, describePlace } from "@/lib/state/compose-turns"

import { revealInCompose } from "../store/compose-bridge"
import {
  usePlaygroundStore,
  usePlaygroundStoreApi,
} from "../store/playground-store-provider"

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

/** Where the error is in Compose's forms, with a button that shows it there. */
function ComposeLocation({ path }: { path: (string | number)[] }) {
  const request = usePlaygroundStore((s) => s.request)
  const setRegion = usePlaygroundStore((s) => s.setNarrowRegion)
  const place = composePlace(path)
  if (!place)
    return (
      <>
        at <code>{path.join(".")}</code> (above Compose: the model, thinking or
        edits).{" "}
      </>
    )
  return (
    <>
      in Compose: {describePlace(place, request)}{" "}
      <button
        type="button"
        data-testid="result.error.show"
        className="rounded border border-red-400 px-1.5 py-px font-medium hover:bg-red-100 dark:border-red-700 dark:hover:bg-red-900"
        onClick={() => {
          setRegion("conversation") // narrow screens: the Conversation tab
          revealInCompose(path)
        }}
      >
        Show it
      </button>
      .{" "}
    </>
  )
}

/** The 400 the API would answer, located in the JSON (or in Compose's forms while Compose is shown). */
export function EngineError({
  error,
  hasFallback,
}: {
  error: SimulateError
  hasFallback: boolean
}) {
  const store = usePlaygroundStoreApi()
  const compose = usePlaygroundStore((s) => s.inputMode === "compose")
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
        {error.path.length > 0 && compose && (
          <ComposeLocation path={error.path} />
        )}
        {error.path.length > 0 && !compose && (
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
