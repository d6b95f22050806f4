import { describe, expect, it } from "vitest"

import * as engine from "@/lib/context-editing"

import { createPlaygroundStore } from "./playground-store"
import { selectSimulation } from "./selectors"
import { describeContent } from "./trial-summary"

// Content from a link or an import is simulated in a worker first
// (components/playground/store/trial-check.ts): until that check passes, the
// store gives no prediction of its own, whatever the engine could compute.

const request = (text: string) => ({
  model: "claude-sonnet-4-6",
  max_tokens: 1024,
  messages: [{ role: "user", content: text }],
})

const linked = () => {
  const store = createPlaygroundStore({ request: request("typed"), engine })
  store.getState().setRequest(request("from a link"), { kind: "share" })
  return store
}

describe("content from a link or an import is checked before the page simulates it", () => {
  it("a link, a deep link or an import starts a check: no prediction meanwhile", () => {
    for (const kind of ["share", "deep-link", "import"] as const) {
      const store = createPlaygroundStore({ request: request("a"), engine })
      expect(selectSimulation(store.getState())).not.toBeNull()
      store.getState().setRequest(request("b"), {
        kind,
        ...(kind === "import" ? { summary: "Imported" } : {}),
      } as never)
      expect(store.getState().trial?.status).toBe("checking")
      expect(selectSimulation(store.getState())).toBeNull()
    }
  })

  it("a check that passed for the request in the store ends it; the page predicts", () => {
    const store = linked()
    store.getState().passTrial(store.getState().request)
    expect(store.getState().trial).toBeNull()
    expect(selectSimulation(store.getState())?.ok).toBe(true)
  })

  it("a check of an older request changes nothing: the newer one is checked next", () => {
    const store = linked()
    const checked = store.getState().request
    store.getState().setRequestText(JSON.stringify(request("edited")))
    store.getState().passTrial(checked)
    expect(store.getState().trial).not.toBeNull()
    store.getState().stopTrial(checked, "stopped")
    expect(store.getState().trial?.status).toBe("checking")
  })

  it("a check out of time says so and keeps the work; built-in content or the user's consent ends it", () => {
    const store = linked()
    const text = store.getState().requestText
    store.getState().stopTrial(store.getState().request, "it was stopped")
    expect(store.getState().trial).toEqual({
      from: "link",
      status: "stopped",
      stopped: "it was stopped",
    })
    expect(store.getState().requestText).toBe(text)
    expect(selectSimulation(store.getState())).toBeNull()
    // An edit keeps the check (the next request is checked again)…
    store.getState().updateRequest((r) => ({ ...r, max_tokens: 5 }))
    expect(store.getState().trial?.status).toBe("stopped")
    // …an example ends it, as does "compute it here anyway".
    store.getState().setRequest(request("sample"), { kind: "preset", id: "p" })
    expect(store.getState().trial).toBeNull()
    const again = linked()
    again.getState().trustTrial()
    expect(selectSimulation(again.getState())?.ok).toBe(true)
  })
})

describe("undo never brings back unchecked content unchecked", () => {
  it("a request whose check stopped is checked again when undo or redo returns to it", () => {
    const store = linked()
    const stopped = store.getState().request
    store.getState().stopTrial(stopped, "stopped")
    store.getState().setRequest(request("sample"), { kind: "preset", id: "p" })
    expect(store.getState().trial).toBeNull()
    store.getState().undo()
    expect(store.getState().request).toBe(stopped)
    expect(store.getState().trial).toEqual({ from: "link", status: "checking" })
    expect(selectSimulation(store.getState())).toBeNull()
    store.getState().redo()
    // Back on the example: the check of the linked content goes on until
    // the worker has seen the example (a moment), then the page predicts.
    store.getState().passTrial(store.getState().request)
    expect(selectSimulation(store.getState())?.ok).toBe(true)
  })
})

describe("what a stopped check says the content holds", () => {
  it("names the size, the PDFs, other documents, images (in tool results too) and tools", () => {
    const pdf = {
      type: "document",
      source: { type: "base64", media_type: "application/pdf", data: "" },
    }
    const image = {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: "" },
    }
    const r = {
      tools: [{ name: "a" }, { name: "b" }],
      messages: [
        { role: "user", content: [pdf, pdf, image] },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "x",
              content: [
                image,
                { type: "document", source: { type: "text", data: "t" } },
              ],
            },
          ],
        },
      ],
    }
    expect(describeContent(r, 2_140_000)).toBe(
      "a request of 2.1 MB with 2 PDF documents, 1 other document, 2 images and 2 tools"
    )
    expect(describeContent(request("hi"), 300)).toBe("a request of 1 KB")
  })
})
