/**
 * Token calibration from requests of known content: the per-message
 * framing, the hidden tool-use prompt and the placeholder's cost, all from
 * differences of measured counts (a "." is one token in every tokenizer),
 * plus the measured ÷ estimated factor of the trigger probe's prose.
 */
import { simulate } from "@/lib/context-editing"

import { ALWAYS, clientTools } from "./fixtures"
import { decided, type Probe, type ProbeContext, undecided } from "./kit"
import type { Answer } from "./session"
import { lookupBody } from "./tool-probes"
import type { ProbeCalibration } from "./types"

const dot = (role: "user" | "assistant") => ({ role, content: "." })

const estimate = (model: string, body: Record<string, unknown>) => {
  const r = simulate({ model, ...body })
  return r.ok ? r.original_input_tokens : null
}

/**
 * Measured ÷ estimated tokens of the trigger probe's prose: the same
 * request with a one-token result is subtracted on both sides, so fixed
 * overheads (hidden tool prompt, framing) do not enter the factor.
 */
function tokenFactor(
  ctx: ProbeContext,
  small: Answer,
  smallBody: Record<string, unknown>
): number | undefined {
  if (!ctx.measured || !small.ok || small.original === null) return undefined
  const model = ctx.session.model
  const big = estimate(model, ctx.measured.body)
  const little = estimate(model, smallBody)
  const measured = ctx.measured.tokens - small.original
  if (big === null || little === null || big <= little || measured <= 0)
    return undefined
  return Math.round((measured / (big - little)) * 1e4) / 1e4
}

/** A result no small-result limit skips. */
const LONGER = "Found it: ".padEnd(200, "the lookup matched every term, ")

/**
 * Tokens of the placeholder: from the one-token result when it was cleared
 * (1 + after − before); else from the 200-character result cleared against
 * the one-token request's count (the same request but for the result).
 */
function placeholderCost(ph: Answer, long: Answer): number | undefined {
  if (ph.ok && ph.original !== null && ph.original !== ph.input)
    return 1 + ph.input - ph.original
  if (ph.ok && ph.original !== null && long.ok && long.original !== long.input)
    return 1 + long.input - ph.original
  return undefined
}

export const calibrationProbe: Probe = {
  id: "calibration",
  key: "calibration",
  planned: 6,
  async run(ctx) {
    const phBody = lookupBody(ALWAYS.value, ".")
    const all = await ctx.session.countEach([
      ["one user message “.”", { messages: [dot("user")] }],
      [
        "three messages “.”",
        { messages: [dot("user"), dot("assistant"), dot("user")] },
      ],
      [
        "“.” with one tool",
        { messages: [dot("user")], tools: clientTools(["probe_a"]) },
      ],
      [
        "“.” with two tools",
        { messages: [dot("user")], tools: clientTools(["probe_a", "probe_b"]) },
      ],
      ["clear a one-token result", phBody],
      ["clear a 200-character result", lookupBody(ALWAYS.value, LONGER)],
    ])
    const [one, three, t1, t2, ph, long] = all
    const cal: ProbeCalibration = {
      model: ctx.session.model,
      tokenFactor: tokenFactor(ctx, ph, phBody),
    }
    if (one.ok && three.ok)
      cal.messageFraming = (three.input - one.input) / 2 - 1
    if (one.ok && t1.ok && t2.ok)
      cal.toolPromptTokens = 2 * t1.input - one.input - t2.input
    const p = placeholderCost(ph, long)
    if (p !== undefined) cal.placeholderTokens = p
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
