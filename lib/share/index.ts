// Public surface of lib/share for components and routes. The server-only
// pieces (store.ts, service.ts, http.ts) are imported by path from app/ so
// that nothing here pulls a database client into a browser bundle.

export {
  SHARE_PREFIX,
  SHARE_VERSION,
  decodeFragment,
  decodeRequestLink,
  decodeShare,
  encodeShare,
  type DecodeOptions,
} from "./codec"
export { redactJsonText, redactState } from "./redact"
export { stripSecrets, type StripSecretsResult } from "./secrets"
export {
  MAX_SHORT_LINK_PAYLOAD_CHARS,
  SHARE_LIMITS,
  URL_LENGTH_WARNINGS,
  type ShareLimits,
} from "./limits"
export { SHORT_ID_PATTERN } from "./ids"
export {
  WORK_LIMITS,
  measureRequestWork,
  workOverLimit,
  type RequestWork,
  type WorkLimits,
} from "./work"
export {
  DELETE_TOKEN_HEADER,
  createShareResponseSchema,
  shareErrorResponseSchema,
  type CreateShareRequest,
  type CreateShareResponse,
  type GetShareResponse,
  type ShareErrorResponse,
} from "./api"
export type {
  DecodeShareResult,
  ShareError,
  ShareErrorCode,
  ShareState,
  ShareTab,
  ShareView,
} from "./types"
