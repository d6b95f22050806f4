/**
 * Token calibration from requests of known content: the per-message
 * framing, the hidden tool-use prompt and the placeholder's cost, all from
 * differences of measured counts (a "." is one token in every tokenizer),
 * plus the measured ÷ estimated factor of the trigger probe's prompt.
 */
import { simulate } from "@/lib/context-editing"

import { ALWAYS, clearToolUses, clientPair, clientTools } from "./fixtures"
import { decided, type Probe, type ProbeContext, undecided } from "./kit"
import type { ProbeCalibration } from "./types"

const dot = (role: "user" | "assistant") => ({ role, content: "." })

/** The measured ÷ estimated count of the trigger probe's prompt. */
function tokenFactor(ctx: ProbeContext): number | undefined {
  if (!ctx.measured) return undefined
  const est = simulate({ model: ctx.session.model, ...ctx.measured.body })
  if (!est.ok || est.original_input_tokens <= 0) return undefined
  return (
    Math.round((ctx.measured.tokens / est.original_input_tokens) * 1e4) / 1e4
  )
}

export const calibrationProbe: Probe = {
  id: "calibration",
  key: "calibration",
  planned: 5,
  async run(ctx) {
    const s = ctx.session
    const one = await s.count("one user message “.”", {
      messages: [dot("user")],
    })
    const three = await s.count("three messages “.”", {
      messages: [dot("user"), dot("assistant"), dot("user")],
    })
    const t1 = await s.count("“.” with one tool", {
      messages: [dot("user")],
      tools: clientTools(["probe_a"]),
    })
    const t2 = await s.count("“.” with two tools", {
      messages: [dot("user")],
      tools: clientTools(["probe_a", "probe_b"]),
    })
    const ph = await s.count("clear a one-token result", {
      tools: clientTools(["lookup"]),
      messages: [dot("user"), ...clientPair("toolu_probe_p1", "lookup", ".")],
      context_management: { edits: [clearToolUses(ALWAYS, 0)] },
    })
    const all = [one, three, t1, t2, ph]
    const cal: ProbeCalibration = {
      model: s.model,
      tokenFactor: tokenFactor(ctx),
    }
    if (one.ok && three.ok)
      cal.messageFraming = (three.input - one.input) / 2 - 1
    if (one.ok && t1.ok && t2.ok)
      cal.toolPromptTokens = 2 * t1.input - one.input - t2.input
    if (ph.ok && ph.original !== null && ph.original !== ph.input)
      cal.placeholderTokens = 1 + ph.input - ph.original
    const parts = [
      cal.tokenFactor !== undefined &&
        `token factor ${cal.tokenFactor} (measured ÷ estimated)`,
      cal.messageFraming !== undefined &&
        `${cal.messageFraming} framing tokens per message`,
      cal.toolPromptTokens !== undefined &&
        `hidden tool prompt ${cal.toolPromptTokens} tokens`,
      cal.placeholderTokens !== undefined &&
        `placeholder ${cal.placeholderTokens} tokens`,
    ].filter(Boolean)
    ctx.calibration = cal
    return parts.length
      ? decided(this, cal, `${parts.join("; ")}.`, all)
      : undecided(this, "No calibration point could be measured.", all)
  },
}
