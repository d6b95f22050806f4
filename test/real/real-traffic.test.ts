/**
 * Every real-traffic artifact (test/real/<kind>/*.json, public recorded
 * exchanges with the real API): the engine must accept what the API answered
 * 200 and reject, in the API's words, what it answered 400 — where the
 * engine models that rule (the others are listed in UNMODELLED with why, and
 * in README.md).
 */
import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"
import { parseImport } from "@/lib/import"

import { HOLDOUT_DIR, loadArtifacts } from "./load"

const artifacts = [...loadArtifacts(), ...loadArtifacts(HOLDOUT_DIR)]

/** Error artifacts whose rule is outside what simulate() models, and why. */
export const UNMODELLED: Record<string, string> = {
  test_anthropic_count_tokens_error:
    "404 not_found_error for an unknown model id: the engine falls back to a default model (a model list refreshed from the API decides this, not the request's shape)",
  "otel-contrib-unknown-model":
    "404 not_found_error for an unknown model id (as above)",
  "pai-sonnet-5-5-stale-thinking-block-1":
    "the thinking block's signature is bound to another conversation (the system prompt changed): only the server can verify a signature",
}

const run = (request: unknown) =>
  simulate(structuredClone(request) as Parameters<typeof simulate>[0])

describe("real traffic: requests the API answered 200 are accepted", () => {
  const ok = artifacts.filter(
    (a) => a.kind === "exchange" || a.kind === "count_tokens"
  )
  it("has artifacts to check", () => expect(ok.length).toBeGreaterThan(0))
  it.each(ok.map((a) => [a.file, a] as const))("%s", (_file, a) => {
    const result = run(a.request)
    expect(result.ok ? "" : result.error.message).toBe("")
  })
})

describe("real traffic: requests the API rejected are rejected alike", () => {
  const errors = artifacts.filter((a) => a.kind === "error")
  const modelled = errors.filter((a) => !(a.slug in UNMODELLED))
  it("every unmodelled rule names an existing artifact", () => {
    const slugs = new Set(errors.map((a) => a.slug))
    expect(Object.keys(UNMODELLED).filter((s) => !slugs.has(s))).toEqual([])
  })
  it.each(modelled.map((a) => [a.file, a] as const))("%s", (_file, a) => {
    const result = run(a.request)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.message).toBe(a.real.error?.message)
  })
})

describe("real traffic: pasted inputs import into a request the engine accepts", () => {
  const imports = artifacts.filter((a) => a.kind === "import")
  it("has pasted inputs to check", () =>
    expect(imports.length).toBeGreaterThan(0))
  it.each(imports.map((a) => [a.file, a] as const))("%s", (_file, a) => {
    const parsed = parseImport(a.importText ?? "")
    expect(parsed.success ? "" : parsed.error.message).toBe("")
    if (!parsed.success) return
    // the pasted text names a Claude model: the import keeps it
    const model = String(a.request.model ?? "")
    if (model.startsWith("claude")) expect(parsed.data.model).toBe(model)
    const result = run(parsed.data)
    expect(result.ok ? "" : result.error.message).toBe("")
  })
})
