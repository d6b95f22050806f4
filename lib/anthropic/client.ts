/**
 * Server-side Anthropic client factory. Import from route handlers only:
 * it reads server env and handles keys (`server-only` is not installed, and
 * the SDK itself refuses to run in a browser).
 *
 * Key rules: the browser may send a key in `x-playground-api-key` (typed into
 * the page); otherwise `ANTHROPIC_API_KEY` is used. The key is passed to the
 * SDK explicitly, never logged and never put into an error message.
 * `baseURL` comes ONLY from `ANTHROPIC_BASE_URL` — nothing the browser sends
 * can change where requests (and keys) go.
 */
import Anthropic from "@anthropic-ai/sdk"

import { cappedFetch } from "./capped-fetch"
import { ApiError, type ApiSurface } from "./errors"
import type { RetryPolicy } from "./retry"
import { API_KEY_HEADER } from "./schemas"

/** Server settings, read from the environment on every request. */
export interface ServerConfig {
  /** `ANTHROPIC_API_KEY`, if set. */
  serverApiKey: string | undefined
  /** `ANTHROPIC_BASE_URL`, if set (the SDK default otherwise). */
  baseURL: string | undefined
  /** Time to wait for upstream response headers (`PLAYGROUND_UPSTREAM_TIMEOUT_MS`). */
  timeoutMs: number
  /** Longest silence inside a stream (`PLAYGROUND_STREAM_IDLE_TIMEOUT_MS`). */
  streamIdleTimeoutMs: number
  /** Bounded retry for 5xx/529 (`PLAYGROUND_RETRY_BASE_MS` sets the base delay). */
  retry: RetryPolicy
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

/** Reads the server config from an env object (pass `process.env`). */
export function readServerConfig(
  env: Record<string, string | undefined>
): ServerConfig {
  return {
    serverApiKey: nonEmpty(env.ANTHROPIC_API_KEY),
    baseURL: nonEmpty(env.ANTHROPIC_BASE_URL),
    timeoutMs: positiveInt(env.PLAYGROUND_UPSTREAM_TIMEOUT_MS, 60_000),
    streamIdleTimeoutMs: positiveInt(
      env.PLAYGROUND_STREAM_IDLE_TIMEOUT_MS,
      90_000
    ),
    retry: {
      maxRetries: 2,
      baseDelayMs: positiveInt(env.PLAYGROUND_RETRY_BASE_MS, 500),
      maxDelayMs: 20_000,
    },
  }
}

/** Printable ASCII without spaces: anything else cannot go into a header. */
const HEADER_SAFE_KEY = /^[\x21-\x7e]{1,512}$/

/** Where the key in use came from. */
export type KeySource = "browser" | "server"

/**
 * Picks the key: the browser's header if present, else the server's.
 * Errors say what a key adds and how to provide one, never the key itself.
 */
export function resolveApiKey(
  headers: Headers,
  config: ServerConfig,
  surface: ApiSurface
):
  | { success: true; data: { apiKey: string; source: KeySource } }
  | { success: false; error: ApiError } {
  const fromBrowser = nonEmpty(headers.get(API_KEY_HEADER) ?? undefined)
  if (fromBrowser !== undefined) {
    if (!HEADER_SAFE_KEY.test(fromBrowser)) {
      return {
        success: false,
        error: new ApiError(
          "bad_request",
          surface,
          "The API key contains characters that cannot be sent in an HTTP header (spaces, line breaks or non-ASCII). Paste it again."
        ),
      }
    }
    return { success: true, data: { apiKey: fromBrowser, source: "browser" } }
  }
  if (config.serverApiKey !== undefined) {
    return {
      success: true,
      data: { apiKey: config.serverApiKey, source: "server" },
    }
  }
  return {
    success: false,
    error: new ApiError(
      "no_key",
      surface,
      "No Anthropic API key: the simulation works without one, but a key adds exact server token counts (count_tokens, free) and real runs (messages, billed). Set ANTHROPIC_API_KEY on the server or type a key into the page."
    ),
  }
}

/**
 * A fresh SDK client for one request. Retries are ours (`maxRetries: 0`),
 * SDK logging is off so nothing can print request details, and every
 * answer is size-capped while it is read (`cappedFetch`).
 */
export function createAnthropicClient(
  apiKey: string,
  config: ServerConfig
): Anthropic {
  return new Anthropic({
    apiKey,
    baseURL: config.baseURL ?? null,
    maxRetries: 0,
    timeout: config.timeoutMs,
    logLevel: "off",
    fetch: cappedFetch(),
  })
}
