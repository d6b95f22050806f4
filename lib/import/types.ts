/**
 * Loose Messages API shapes shared by the importers, the session generator and
 * the presets. Deliberately permissive (index signatures): importers must keep
 * fields they do not understand instead of dropping them.
 */

/** Any content block; `type` is the discriminator the API uses. */
export interface ContentBlock {
  type: string
  [key: string]: unknown
}

/** One message of a Messages API request. */
export interface MessageParam {
  /**
   * "system" only for a mid-conversation system message kept for a model
   * that takes them (Anthropic JSON import); other importers move system
   * text into the top-level `system`.
   */
  role: "user" | "assistant" | "system"
  content: string | ContentBlock[]
  /** A kept system message's own fields (SDK BetaSystemMessageParam). */
  clear_at?: unknown
  output_config?: unknown
}

/** A tool definition: custom (`input_schema`) or server/versioned (`type`). */
export interface ToolDefinition {
  name: string
  type?: string
  description?: string
  input_schema?: Record<string, unknown>
  [key: string]: unknown
}

/** A Messages API request body as produced by the importers. */
export interface ImportedRequest {
  model: string
  max_tokens: number
  messages: MessageParam[]
  system?: string | ContentBlock[]
  tools?: ToolDefinition[]
  [key: string]: unknown
}

/** One repair or drop reported to the user. */
export interface ImportNote {
  level: "info" | "warning"
  message: string
}

/** Why an import failed, located when possible (1-based line/column). */
export interface ImportError {
  message: string
  line?: number
  column?: number
  path?: (string | number)[]
}

/**
 * The one result shape of parse-style functions (JSON with bounds, curl
 * commands, …): the parsed value, or a located error. ImportResult is the
 * importers' form of it.
 */
export type Parsed<T> =
  { success: true; data: T } | { success: false; error: ImportError }

/** Every importer answers with this; none throws on user input. */
export type ImportResult =
  | {
      success: true
      data: ImportedRequest
      notes: ImportNote[]
      /** Beta header values found alongside the body (curl, Claude Code). */
      betas?: string[]
      /**
       * The other things the same text could import, when it holds several
       * (curl commands of a docs block, SDK calls, a Claude Code log's main
       * thread and subagents); one is `selected`. Re-import with
       * `parseImport(text, { pick: id })` to take another.
       */
      candidates?: ImportCandidate[]
      /** A recorded run's real usage (a Claude Code log, a request log, a trace, LangSmith runs), one entry per API call (see README). */
      realUsage?: RealUsage[]
    }
  | { success: false; error: ImportError }

/** Formats `parseImport` recognises. */
export type ImportFormat =
  | "anthropic-json"
  | "messages-array"
  | "legacy-xml"
  | "curl"
  | "claude-code-jsonl"
  | "openai-chat"
  | "sdk-call"
  | "request-log"
  | "otlp-traces"
  | "langsmith-runs"
  | "unknown"

/** One importable thing among several in the same text. */
export interface ImportCandidate {
  /** Pass back as `parseImport(text, { pick: id })`. */
  id: string
  kind: "command" | "sdk-call" | "json" | "main-thread" | "sidechain"
  /** One line for a picker: what it is and how big. */
  label: string
  selected: boolean
}

/** What to take when a text holds several candidates. */
export interface ImportOptions {
  /** An `ImportCandidate.id`; unknown ids fall back to the default. */
  pick?: string
}

/**
 * The real usage the log recorded for one request (one API call): aligned
 * to the request boundaries of lib/context-editing's timeline
 * (`requestEnds(messages)`), `messageIndex` is the index of the request's
 * last message, and the numbers are those of the API's answer to it.
 */
export interface RealUsage {
  messageIndex: number
  input_tokens: number
  cache_creation_input_tokens: number
  cache_read_input_tokens: number
  output_tokens: number
  model: string
  /** ISO time of the answer, as the log wrote it. */
  timestamp?: string
  /** ISO time of the call's first row (when its answer began). */
  startedAt?: string
  /** The 1-hour part of `cache_creation_input_tokens` (`usage.cache_creation`). */
  cache_creation_1h_input_tokens?: number
  /** The API call: `message.id`, with `/requestId` when the log has one. */
  call?: string
  /** The conversation of the log it belongs to: `"main"` or a subagent's thread id. */
  thread?: string
  /** The same request was already answered by the call before (a retry or a continuation). */
  repeat?: boolean
  /**
   * On the first call of every conversation: that conversation as a
   * request, with the config it was logged with, so it can be replayed as
   * it ran (for the imported one, apart from the request a page may
   * change; its messages are the same array).
   */
  conversation?: ImportedRequest
  /**
   * On the first call of the imported conversation: the config it was
   * imported with (the request without its messages), for the replay "as
   * logged" once the page's config changes.
   */
  config?: Record<string, unknown>
  /** Why the engine cannot replay this call (it is then priced as logged). */
  unmodelled?: string
  /**
   * On the first call of a conversation: the compactions its log shows
   * (compact boundaries, with the context size before each when the log
   * says). Their summarising calls are billed, but their usage is not in
   * the file (Claude Code runs them apart).
   */
  compactions?: Array<{ preTokens: number | null }>
}
