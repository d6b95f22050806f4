// count_tokens with configurable semantics: the engine (`simulate`) run with
// chosen assumption switches and a token estimator that deliberately differs
// from the page's (every count scaled and offset per block), so probes that
// work here cannot lean on the page's own estimates.
//
// The engine is passed in: vitest imports it directly, the fake server loads
// it with jiti (see loadEngine).

/** Wraps an estimator: `scale` × its count, plus `perBlock` per counted piece. */
export function distortedEstimator(base, { scale = 1.37, perBlock = 2 } = {}) {
  const f = (n) => (n > 0 ? Math.round(n * scale) + perBlock : n)
  return {
    id: `${base.id}-distorted-${scale}-${perBlock}`,
    countBlock: (block, ctx) => f(base.countBlock(block, ctx)),
    countSystem: (system, ctx) => f(base.countSystem(system, ctx)),
    countTools: (tools, ctx) => f(base.countTools(tools, ctx)),
    countText: (text, ctx) => f(base.countText(text, ctx)),
    messageOverhead: (ctx) => base.messageOverhead(ctx) + 1,
    scaleOverhead: (tokens, ctx) =>
      Math.round(base.scaleOverhead(tokens, ctx) * 0.9),
  }
}

/**
 * Answers a count_tokens body like the API: 200 with `input_tokens` and
 * `context_management.original_input_tokens` (null without
 * context_management), or 400 with the API's error body.
 * @param engine `{ simulate }` of lib/context-editing
 * @param estimator a TokenEstimator (e.g. distortedEstimator(defaultEstimator))
 */
export function countTokensWith(engine, estimator, body, switches = {}) {
  const { betas: _betas, ...request } = body ?? {}
  const r = engine.simulate(request, { assumptions: switches, estimator })
  if (!r.ok)
    return {
      status: 400,
      body: {
        type: "error",
        error: { type: "invalid_request_error", message: r.error.message },
      },
    }
  return {
    status: 200,
    body: {
      input_tokens: r.input_tokens,
      context_management:
        r.context_management === null
          ? null
          : { original_input_tokens: r.original_input_tokens },
    },
  }
}

let loading = null

/** Loads the engine and the default estimator from the repository (jiti). */
export function loadEngine() {
  loading ??= (async () => {
    const { createJiti } = await import("jiti")
    const root = new URL("../../", import.meta.url).pathname
    const jiti = createJiti(root, { alias: { "@": root.replace(/\/$/, "") } })
    const engine = await jiti.import(`${root}lib/context-editing/index.ts`)
    const tokens = await jiti.import(`${root}lib/tokens/index.ts`)
    return { engine, estimator: distortedEstimator(tokens.defaultEstimator) }
  })()
  return loading
}
