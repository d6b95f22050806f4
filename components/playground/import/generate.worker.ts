// Generates a synthetic session off the main thread, sized by the numbers
// the page shows once counted (BPE × content class, lib/tokens/counted-run):
// each pass counts the whole session, which would block the page.
import { getModelInfo } from "@/lib/context-editing"
import { generateToEstimate, type GenerateOptions } from "@/lib/generate"
import { simulateCounted } from "@/lib/tokens/counted-run"

import type { GenerateReply } from "./generate-in-worker"

self.onmessage = (event: MessageEvent<GenerateOptions>) => {
  const options = event.data
  const counted = (request: unknown) => {
    const result = simulateCounted(request)
    return result.ok ? result.original_input_tokens : Number.NaN
  }
  const model = getModelInfo(options.model ?? "claude-sonnet-4-6")
  const done = generateToEstimate(options, counted, {
    window: model.contextWindow,
    reserve: options.thinking ? 16_000 : 8_192,
    onPass: (pass, tokens) => {
      const reply: GenerateReply = { progress: { pass, tokens } }
      self.postMessage(reply)
    },
  })
  const reply: GenerateReply = { done }
  self.postMessage(reply)
}
