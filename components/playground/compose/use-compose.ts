"use client"

import { useCallback } from "react"

import { usePlaygroundStoreApi } from "../store/playground-store-provider"

/** Applies a compose operation to the current request (object or bare messages array). */
export function useCompose() {
  const store = usePlaygroundStoreApi()
  return useCallback(
    (op: (request: unknown) => unknown) => {
      const { request, parseError, updateRequest, setRequest } =
        store.getState()
      if (parseError) return
      if (Array.isArray(request)) setRequest(op(request))
      else updateRequest((r) => op(r) as Record<string, unknown>)
    },
    [store]
  )
}
