/**
 * The checks every POST route runs before touching Anthropic, in order:
 * same-origin caller → rate limit (shared by every instance, per client as
 * the connection or a trusted proxy says) → body size and JSON → schema →
 * API key.
 * Server-only.
 */
import type { z } from "zod"

import { clientIdentity, ownHosts } from "@/lib/server/client-identity"

import {
  createAnthropicClient,
  readServerConfig,
  resolveApiKey,
  type KeySource,
  type ServerConfig,
} from "./client"
import { ApiError, type ApiSurface } from "./errors"
import type { RateLimiter } from "./rate-limit"
import { MAX_BODY_BYTES } from "./schemas"

type Result<T> =
  { success: true; data: T } | { success: false; error: ApiError }

function tooLarge(surface: ApiSurface, limitBytes: number): ApiError {
  const mb = Math.round((limitBytes / 1024 / 1024) * 10) / 10
  return new ApiError(
    "payload_too_large",
    surface,
    `The request body is larger than ${mb} MB. Remove some messages or large blocks (images, documents) and try again.`,
    { limitBytes }
  )
}

/**
 * A request body as UTF-8 text, or null once it passes `limitBytes`,
 * without buffering more: `content-length` is checked first, then the
 * bytes actually read (a lying or missing header changes nothing). A
 * failing read throws.
 */
export async function readBodyUpTo(
  request: Request,
  limitBytes: number
): Promise<string | null> {
  const declared = Number(request.headers.get("content-length"))
  if (Number.isFinite(declared) && declared > limitBytes) return null
  if (!request.body) return ""
  const reader = request.body.getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ""
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limitBytes) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

/** Reads a JSON body of at most `limitBytes` (see `readBodyUpTo`). */
export async function readJsonBody(
  request: Request,
  surface: ApiSurface,
  limitBytes: number = MAX_BODY_BYTES
): Promise<Result<unknown>> {
  const text = await readBodyUpTo(request, limitBytes)
  if (text === null)
    return { success: false, error: tooLarge(surface, limitBytes) }
  try {
    return { success: true, data: JSON.parse(text) as unknown }
  } catch {
    return {
      success: false,
      error: new ApiError(
        "bad_request",
        surface,
        text.trim() === ""
          ? 'The request body is empty; expected JSON like { "request": { … } }.'
          : "The request body is not valid JSON."
      ),
    }
  }
}

/** Why a state-changing request was refused: the status and a message. */
export interface GuardRefusal {
  status: 400 | 403
  reason: "cross_site" | "not_json"
  message: string
}

function foreignOrigin(request: Request): boolean {
  const headers = request.headers
  const site = headers.get("sec-fetch-site")
  if (site !== null) return site !== "same-origin" && site !== "none"
  // Without Sec-Fetch-Site (older browsers), the Origin must be this host.
  // (With it, "same-origin" is the browser's own verdict: a proxy that
  // rewrites Host does not matter then.)
  const origin = headers.get("origin")
  if (origin === null) return false
  let host: string | null = null
  try {
    host = new URL(origin).host
  } catch {
    // "null" (sandboxed frames, file://) or garbage: not our page.
  }
  // This app's own hosts: its Host header, PUBLIC_ORIGIN's, and a trusted
  // proxy's X-Forwarded-Host, never one the client wrote.
  return host === null || !ownHosts(request).includes(host.toLowerCase())
}

/**
 * The one guard every state-changing route runs first (messages,
 * count_tokens, share create and delete). It refuses a request another
 * site's page made: with ANTHROPIC_API_KEY set the routes spend the
 * server's key, and short links are stored on this server, so a form or
 * `fetch(…, {mode: "no-cors"})` from any page the user visits must not
 * reach them. Browsers say who asks in Sec-Fetch-Site and Origin. A body
 * must be JSON: that content type makes a cross-origin fetch need a CORS
 * preflight, which these routes never grant (an HTML form can only send
 * `text/plain`, urlencoded or multipart). Scripts and curl send no
 * Sec-Fetch-Site or Origin and pass with a JSON body.
 */
export function guardStateChange(
  request: Request,
  options: { hasBody: boolean } = { hasBody: true }
): GuardRefusal | null {
  const headers = request.headers
  if (foreignOrigin(request)) {
    return {
      status: 403,
      reason: "cross_site",
      message:
        "This route only answers the playground's own pages; a request from another site was refused.",
    }
  }
  if (!options.hasBody) return null
  const type = (headers.get("content-type") ?? "").split(";")[0]!.trim()
  if (/^application\/(?:[\w.+-]+\+)?json$/i.test(type)) return null
  return {
    status: 400,
    reason: "not_json",
    message: `Send the body as JSON with "content-type: application/json"${type ? ` (got ${type})` : ""}.`,
  }
}

/** `guardStateChange` as the API routes' error type. */
export function crossSiteError(
  request: Request,
  surface: ApiSurface
): ApiError | null {
  const refused = guardStateChange(request)
  if (!refused) return null
  return new ApiError(
    refused.status === 403 ? "forbidden" : "bad_request",
    surface,
    refused.message
  )
}

/** Turns the first schema issue into a `bad_request` with a request path. */
export function schemaError(error: z.ZodError, surface: ApiSurface): ApiError {
  const issue = error.issues[0]
  const full = (issue?.path ?? []).map((p) =>
    typeof p === "symbol" ? String(p) : p
  )
  // Paths are reported relative to the Messages API body, like upstream ones.
  const path = full[0] === "request" ? full.slice(1) : full
  const where = full.length > 0 ? `${full.join(".")}: ` : ""
  return new ApiError(
    "bad_request",
    surface,
    `${where}${issue?.message ?? "Invalid request body."}`,
    path.length > 0 ? { path } : undefined
  )
}

/** Everything a route needs once the request passed the checks. */
export interface PreparedRequest<T> {
  body: T
  client: ReturnType<typeof createAnthropicClient>
  apiKey: string
  keySource: KeySource
  config: ServerConfig
}

/** Runs the shared checks; on success returns the parsed body and a client. */
export async function prepareRequest<S extends z.ZodType>(
  request: Request,
  options: {
    surface: ApiSurface
    schema: S
    limiter: RateLimiter
    env: Record<string, string | undefined>
    nowMs: number
  }
): Promise<Result<PreparedRequest<z.infer<S>>>> {
  const { surface, schema, limiter } = options
  const refused = crossSiteError(request, surface)
  if (refused) return { success: false, error: refused }
  const verdict = await limiter.take(
    clientIdentity(request.headers, options.env),
    options.nowMs
  )
  if (!verdict.allowed) {
    const wait = verdict.retryAfterSeconds
    return {
      success: false,
      error: new ApiError(
        "rate_limit",
        surface,
        `Too many requests from this browser; retry in ${wait} s.`,
        { retryAfterSeconds: wait, source: "playground" }
      ),
    }
  }
  const raw = await readJsonBody(request, surface)
  if (!raw.success) return raw
  const parsed = schema.safeParse(raw.data)
  if (!parsed.success) {
    return { success: false, error: schemaError(parsed.error, surface) }
  }
  const config = readServerConfig(options.env)
  const key = resolveApiKey(request.headers, config, surface)
  if (!key.success) return key
  return {
    success: true,
    data: {
      body: parsed.data as z.infer<S>,
      client: createAnthropicClient(key.data.apiKey, config),
      apiKey: key.data.apiKey,
      keySource: key.data.source,
      config,
    },
  }
}

/**
 * Logs a failed request without secrets or message text: code, status and
 * Anthropic's request id are enough to correlate with upstream logs.
 */
export function logApiError(error: ApiError): void {
  if (error.type === "no_key" || error.type === "cancelled") return
  const d = error.details
  const parts = [`[api] ${error.code} → ${error.status}`]
  if (d?.upstreamStatus !== undefined)
    parts.push(`upstream ${d.upstreamStatus}`)
  if (d?.retries) parts.push(`after ${d.retries} retries`)
  if (d?.requestId) parts.push(`request-id ${d.requestId}`)
  const line = parts.join(", ")
  if (error.status >= 500) console.error(line)
  else console.warn(line)
}

/** What every upstream call gets besides the request: config, secrets to scrub, the caller's signal. */
export interface UpstreamOptions {
  config: ServerConfig
  secrets: readonly string[]
  signal: AbortSignal
}

/**
 * A whole Anthropic-calling POST route: the shared checks
 * (`prepareRequest`, with this server's env and clock), then `call`
 * upstream with the parsed body, then `respond` with its data, or the
 * error's response (logged).
 */
export async function answerPost<S extends z.ZodType, T>(
  request: Request,
  route: { surface: ApiSurface; schema: S; limiter: RateLimiter },
  call: (
    client: PreparedRequest<z.infer<S>>["client"],
    body: z.infer<S>,
    upstream: UpstreamOptions
  ) => Promise<Result<T>>,
  respond: (data: T) => Response
): Promise<Response> {
  const prepared = await prepareRequest(request, {
    ...route,
    env: process.env,
    nowMs: Date.now(),
  })
  if (!prepared.success) return prepared.error.toResponse()
  const { client, body, config, apiKey } = prepared.data
  const result = await call(client, body, {
    config,
    secrets: [apiKey],
    signal: request.signal,
  })
  if (!result.success) {
    logApiError(result.error)
    return result.error.toResponse()
  }
  return respond(result.data)
}

/** An Anthropic-calling route's POST handler: `answerPost` for `route`. */
export function postRoute<S extends z.ZodType, T>(
  route: { surface: ApiSurface; schema: S; limiter: RateLimiter },
  call: Parameters<typeof answerPost<S, T>>[2],
  respond: (data: T) => Response
): (request: Request) => Promise<Response> {
  return (request) => answerPost(request, route, call, respond)
}
