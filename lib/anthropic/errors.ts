/**
 * The one error type of the API routes and the browser fetcher.
 *
 * Invariants:
 * - `code` is `"<type>:<surface>"`; the HTTP status is derived from the type.
 * - `message` is safe to show: it never contains an API key (see `redact`),
 *   raw upstream headers or a stack. Upstream messages are kept only where
 *   they help the user fix the request (400s), and only after redaction.
 */

/** HTTP status per error type. `network` and `cancelled` only occur client-side. */
export const API_ERROR_STATUS = {
  bad_request: 400,
  no_key: 401,
  unauthorized: 401,
  forbidden: 403,
  payload_too_large: 413,
  rate_limit: 429,
  upstream_error: 502,
  stream_interrupted: 502,
  network: 503,
  timeout: 504,
  cancelled: 499,
} as const

/** Kind of failure; decides the HTTP status. */
export type ApiErrorType = keyof typeof API_ERROR_STATUS

/** Which endpoint failed. */
export type ApiSurface = "count_tokens" | "messages" | "status"

/** Machine-readable error code, e.g. `"rate_limit:messages"`. */
export type ApiErrorCode = `${ApiErrorType}:${ApiSurface}`

/** Structured extras; every field is optional and safe to show. */
export interface ApiErrorDetails {
  /** Field path inside the Messages API request body the error is about. */
  path?: (string | number)[]
  /** Seconds to wait before retrying (429). */
  retryAfterSeconds?: number
  /** Who rate-limited: Anthropic or this server's own limiter. */
  source?: "anthropic" | "playground"
  /** How many times the request was retried upstream before giving up. */
  retries?: number
  /** Status code Anthropic answered with. */
  upstreamStatus?: number
  /** Anthropic's `request-id`, for support tickets. */
  requestId?: string
  /** Body size limit in bytes (413). */
  limitBytes?: number
  /** Timeout that expired, in milliseconds. */
  timeoutMs?: number
}

/** JSON body of every error answer: `{ error: ApiErrorBody }`. */
export interface ApiErrorBody {
  code: ApiErrorCode
  message: string
  details?: ApiErrorDetails
}

const ERROR_TYPES = Object.keys(API_ERROR_STATUS) as ApiErrorType[]
const SURFACES: readonly ApiSurface[] = ["count_tokens", "messages", "status"]

/** True when `value` is a well-formed `ApiErrorCode`. */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  if (typeof value !== "string") return false
  const [type, surface, ...rest] = value.split(":")
  return (
    rest.length === 0 &&
    ERROR_TYPES.includes(type as ApiErrorType) &&
    SURFACES.includes(surface as ApiSurface)
  )
}

/** Splits a code into its type and surface. */
export function parseApiErrorCode(code: ApiErrorCode): {
  type: ApiErrorType
  surface: ApiSurface
} {
  const [type, surface] = code.split(":") as [ApiErrorType, ApiSurface]
  return { type, surface }
}

/** An error the routes answer with; `toResponse()` builds the JSON reply. */
export class ApiError extends Error {
  readonly type: ApiErrorType
  readonly surface: ApiSurface
  readonly details: ApiErrorDetails | undefined

  constructor(
    type: ApiErrorType,
    surface: ApiSurface,
    message: string,
    details?: ApiErrorDetails
  ) {
    super(message)
    this.name = "ApiError"
    this.type = type
    this.surface = surface
    this.details = details
  }

  /** `"<type>:<surface>"`. */
  get code(): ApiErrorCode {
    return `${this.type}:${this.surface}`
  }

  /** HTTP status derived from the type. */
  get status(): number {
    return API_ERROR_STATUS[this.type]
  }

  /** The `{ code, message, details? }` object. */
  toBody(): ApiErrorBody {
    return this.details && Object.keys(this.details).length > 0
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message }
  }

  /** JSON `Response` with the derived status (and `Retry-After` on 429). */
  toResponse(): Response {
    const headers = new Headers({ "cache-control": "no-store" })
    const retryAfter = this.details?.retryAfterSeconds
    if (this.type === "rate_limit" && retryAfter !== undefined) {
      headers.set("retry-after", String(Math.ceil(retryAfter)))
    }
    return Response.json(
      { error: this.toBody() },
      {
        status: this.status,
        headers,
      }
    )
  }
}

const KEY_PATTERN = /sk-ant-[A-Za-z0-9_-]+/g
const REDACTED = "[redacted]"

/**
 * Removes secrets from text shown to users: every literal `secrets` entry and
 * anything shaped like an Anthropic key (`sk-ant-…`), as a second line of
 * defence should a key show up in an upstream message.
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED)
  }
  return out.replace(KEY_PATTERN, REDACTED)
}
