// Fake Anthropic API in plain node:http, speaking the wire protocol the way
// @anthropic-ai/sdk 1.x sends it (toolchain.md G9): POST /v1/messages and
// /v1/messages/count_tokens (matched on the path, `?beta=true` or not), auth
// via `authorization: Bearer <key>` or `x-api-key`.
//
// Run:    node test/fake-anthropic/server.mjs --port 3199 [--delay-ms 15]
// Import: const fake = await startFakeAnthropic({ port: 0 })
//
// Fault injection (first user message text, or queued via POST /__faults):
//   [[fault:400]] [[fault:401]] [[fault:403]] [[fault:429]] (retry-after 7 s)
//   [[fault:500]] [[fault:529]] [[fault:503]]   always fail
//   [[fault:529x1]] fail once, then succeed (counter per path + exact body)
//   [[fault:429,ra=3]] custom retry-after seconds (any HTTP fault)
//   [[fault:timeout]] never answer   [[fault:slow]] stream slowly (~250 ms/event)
//   [[fault:cut]] drop the connection mid-stream
//   [[fault:stream-error]] SSE `event: error` (overloaded) mid-stream
//   [[fault:huge-event]] [[fault:huge-stream]] [[fault:huge-answer]]  100 MB
//   (one event / many events / a JSON answer; see oversize.mjs)
// Keys starting with `sk-ant-bad` get 401. Control endpoints: GET /health,
// GET /__requests, POST /__reset, POST /__faults {"faults":["429","cut"]}.
//
// Configurable semantics (semantics.mjs): POST /__semantics
// {"switches": {"triggerComparison": "gte", …}} makes count_tokens answer
// with the engine run with those assumption switches and a token count that
// differs from the page's; {"switches": null} returns to the simple rule.
// GET /__semantics shows the current setting. /__reset keeps it.
//
// Cache diagnostics: a messages request with `diagnostics:
// {previous_message_id}` gets `diagnostics.cache_miss_reason` from a
// comparison with the request that answer (msg_fake_<n>) answered, in the
// API's order: model, tools, system, thinking/tool_choice ("unavailable"),
// then messages (the earlier ones must be a prefix); `diagnostics: null`
// when nothing diverged, previous_message_not_found for an id it never gave.
import { createHash } from "node:crypto"
import http from "node:http"
import { pathToFileURL } from "node:url"

import { OVERSIZE_FAULTS, serveOversize } from "./oversize.mjs"
import { buildMessage, buildStreamEvents } from "./responses.mjs"
import { countTokensWith, loadEngine } from "./semantics.mjs"
import {
  faultFromBody,
  parseFault,
  simulateEdits,
  validateRequest,
} from "./scenario.mjs"

const ERRORS = {
  400: [
    "invalid_request_error",
    "context_management.edits.0.trigger.value: Input should be greater than or equal to 50000",
  ],
  401: ["authentication_error", "invalid x-api-key"],
  403: [
    "permission_error",
    "Your API key does not have permission to use the specified resource.",
  ],
  429: [
    "rate_limit_error",
    "Number of request tokens has exceeded your per-minute rate limit.",
  ],
  500: ["api_error", "Internal server error"],
  503: ["api_error", "Service unavailable"],
  529: ["overloaded_error", "Overloaded"],
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function sendJson(res, status, body, headers = {}) {
  if (res.destroyed) return
  res.writeHead(status, { "content-type": "application/json", ...headers })
  res.end(JSON.stringify(body))
}

function sendError(res, status, type, message, headers = {}) {
  sendJson(res, status, { type: "error", error: { type, message } }, headers)
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []
    req.on("data", (c) => chunks.push(c))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })
}

function apiKeyOf(headers) {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? "")
  return bearer?.[1] ?? headers["x-api-key"]
}

/** Starts the fake; `port: 0` picks a free port. */
export async function startFakeAnthropic({
  port = 0,
  host = "127.0.0.1",
  eventDelayMs = 15,
  switches = null,
} = {}) {
  let requests = []
  // Assumption switches of count_tokens (null: the simple JSON-length rule).
  let semantics = switches
  if (semantics) await loadEngine()
  let queued = []
  let counters = new Map()
  let served = 0

  function faultFor(path, raw, body) {
    const next = queued.shift()
    if (next) return next
    const fault = faultFromBody(body)
    if (!fault || fault.times === undefined) return fault
    const key = `${path}|${createHash("sha1").update(raw).digest("hex")}`
    const seen = counters.get(key) ?? 0
    counters.set(key, seen + 1)
    return seen < fault.times ? fault : null
  }

  // Prompts written to the fake's cache (automatic caching only: a
  // top-level cache_control caches the whole prompt).
  const cachedPrompts = new Set()
  function withCache(body, sim) {
    const cc = body.cache_control
    if (typeof cc !== "object" || cc === null) return sim
    const key = createHash("sha1")
      .update(
        JSON.stringify([
          body.model,
          body.system,
          body.tools,
          body.messages,
          body.context_management,
        ])
      )
      .digest("hex")
    const seen = cachedPrompts.has(key)
    cachedPrompts.add(key)
    return {
      ...sim,
      cache: seen
        ? { read: sim.edited, write: 0 }
        : { read: 0, write: sim.edited },
    }
  }

  // Each answered request's fingerprint, by the id of its answer.
  const fingerprints = new Map()
  function diagnose(body, n, sim) {
    const fp = {
      model: body.model,
      tools: JSON.stringify(body.tools ?? null),
      system: JSON.stringify(body.system ?? null),
      params: JSON.stringify([body.thinking ?? null, body.tool_choice ?? null]),
      messages: (body.messages ?? []).map((m) => JSON.stringify(m)),
      tokens: sim.edited,
    }
    fingerprints.set(`msg_fake_${n}`, fp)
    const asked = body.diagnostics
    if (typeof asked !== "object" || asked === null) return {}
    const id = asked.previous_message_id
    // Nothing to compare, or nothing diverged: `diagnostics` is null (a
    // pending comparison would be `{cache_miss_reason: null}`).
    if (typeof id !== "string") return { diagnostics: null }
    const prev = fingerprints.get(id)
    if (!prev)
      return {
        diagnostics: {
          cache_miss_reason: { type: "previous_message_not_found" },
        },
      }
    const missed = { cache_missed_input_tokens: prev.tokens }
    const reason =
      prev.model !== fp.model
        ? { type: "model_changed", ...missed }
        : prev.tools !== fp.tools
          ? { type: "tools_changed", ...missed }
          : prev.system !== fp.system
            ? { type: "system_changed", ...missed }
            : prev.params !== fp.params
              ? { type: "unavailable" }
              : prev.messages.some((m, i) => fp.messages[i] !== m)
                ? { type: "messages_changed", ...missed }
                : null
    return { diagnostics: reason ? { cache_miss_reason: reason } : null }
  }

  async function stream(res, body, sim, n, fault) {
    const slow = fault?.kind === "slow"
    const events = buildStreamEvents(body, sim, n, { slow })
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      "request-id": `req_fake_${n}`,
    })
    const breakAt = Math.floor(events.length / 2)
    for (const [i, { event, data }] of events.entries()) {
      if (res.destroyed) return
      if (i === breakAt && fault?.kind === "cut") return res.socket?.destroy()
      if (i === breakAt && fault?.kind === "stream-error") {
        const [type, message] = ERRORS[529]
        const error = { type: "error", error: { type, message } }
        res.write(`event: error\ndata: ${JSON.stringify(error)}\n\n`)
        return res.end()
      }
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
      await sleep(slow ? 250 : eventDelayMs)
    }
    res.end()
  }

  async function handleApi(req, res, path) {
    const raw = await readBody(req)
    let body = null
    try {
      body = JSON.parse(raw)
    } catch {
      // validated below
    }
    requests.push({
      method: req.method,
      path: req.url,
      headers: { ...req.headers },
      body,
    })
    const n = ++served
    const key = apiKeyOf(req.headers)
    if (!key)
      return sendError(
        res,
        401,
        "authentication_error",
        "x-api-key header is required"
      )
    if (key.startsWith("sk-ant-bad")) return sendError(res, 401, ...ERRORS[401])
    if (body === null)
      return sendError(
        res,
        400,
        "invalid_request_error",
        "There was an issue with the request body: invalid JSON"
      )

    const fault = faultFor(path, raw, body)
    if (fault?.kind === "timeout") return // never answer; the client times out
    if (fault && OVERSIZE_FAULTS.has(fault.kind))
      return serveOversize(res, fault, body, n)
    const status = Number(fault?.kind)
    if (ERRORS[status]) {
      const retryAfter = fault.retryAfter ?? (status === 429 ? 7 : undefined)
      const headers = { "request-id": `req_fake_${n}` }
      if (retryAfter !== undefined) headers["retry-after"] = String(retryAfter)
      return sendError(res, status, ...ERRORS[status], headers)
    }

    const endpoint = path.endsWith("/count_tokens")
      ? "count_tokens"
      : "messages"
    if (semantics && endpoint === "count_tokens") {
      const { engine, estimator } = await loadEngine()
      const r = countTokensWith(engine, estimator, body, semantics)
      return sendJson(res, r.status, r.body)
    }
    const invalid = validateRequest(body, req.headers, endpoint)
    if (invalid)
      return sendError(res, invalid.status, invalid.type, invalid.message)
    const sim = simulateEdits(body)
    if (endpoint === "count_tokens") {
      return sendJson(res, 200, {
        input_tokens: sim.edited,
        context_management:
          sim.applied === null ? null : { original_input_tokens: sim.original },
      })
    }
    const cachedSim = { ...withCache(body, sim), ...diagnose(body, n, sim) }
    if (body.stream === true) return stream(res, body, cachedSim, n, fault)
    return sendJson(res, 200, buildMessage(body, cachedSim, n), {
      "request-id": `req_fake_${n}`,
    })
  }

  async function handle(req, res) {
    const path = new URL(req.url ?? "/", "http://fake").pathname
    if (req.method === "GET" && path === "/health")
      return sendJson(res, 200, { ok: true })
    if (req.method === "GET" && path === "/__requests")
      return sendJson(res, 200, { requests })
    if (req.method === "POST" && path === "/__reset") {
      requests = []
      queued = []
      counters = new Map()
      await readBody(req)
      return sendJson(res, 200, { ok: true })
    }
    if (req.method === "GET" && path === "/__semantics")
      return sendJson(res, 200, { switches: semantics })
    if (req.method === "POST" && path === "/__semantics") {
      const next = JSON.parse((await readBody(req)) || "{}").switches ?? null
      if (next) await loadEngine()
      semantics = next
      return sendJson(res, 200, { switches: semantics })
    }
    if (req.method === "POST" && path === "/__faults") {
      const specs = JSON.parse((await readBody(req)) || "{}").faults ?? []
      queued.push(...specs.map(parseFault).filter(Boolean))
      return sendJson(res, 200, { queued: queued.length })
    }
    if (
      req.method === "POST" &&
      (path === "/v1/messages" || path === "/v1/messages/count_tokens")
    ) {
      return handleApi(req, res, path)
    }
    sendError(res, 404, "not_found_error", `${req.method} ${path} not found`)
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) sendError(res, 500, "api_error", String(error))
      else res.destroy()
    })
  })
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, resolve)
  })
  const actualPort = server.address().port
  return {
    port: actualPort,
    url: `http://${host}:${actualPort}`,
    requests: () => requests,
    setSwitches: async (next) => {
      if (next) await loadEngine()
      semantics = next
    },
    reset() {
      requests = []
      queued = []
      counters = new Map()
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

function argValue(name, fallback) {
  const i = process.argv.indexOf(name)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href
) {
  const fake = await startFakeAnthropic({
    port: argValue("--port", 3199),
    eventDelayMs: argValue("--delay-ms", 15),
  })
  process.stdout.write(`fake Anthropic API listening on ${fake.url}\n`)
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => void fake.close().then(() => process.exit(0)))
  }
}
