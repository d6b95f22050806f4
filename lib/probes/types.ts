/**
 * Types of the probe plan: requests to the free `count_tokens` endpoint whose
 * answers decide the engine's assumption switches (see README.md).
 */
import type { Assumptions } from "@/lib/context-editing"

/** A switch of the engine (`ASSUMPTION_SPECS[].key`). */
export type AssumptionKey = keyof Assumptions

/** What `send` answers: the HTTP status and the JSON body of count_tokens. */
export interface SendAnswer {
  status: number
  body: unknown
}

/** Sends one `POST /v1/messages/count_tokens` body. */
export type ProbeSend = (body: object) => Promise<SendAnswer>

/** Options of `runProbePlan`. */
export interface ProbePlanOptions {
  /** The model every probe is about (a few probes also ask reference models). */
  model: string
  signal?: AbortSignal
  /** Called after each request with the requests done and the planned total. */
  onProgress?: (done: number, total: number) => void
}

/** One request of a probe and what the API answered. */
export interface ProbeRequest {
  /** What this request asks, e.g. "trigger = measured count". */
  label: string
  /** The body sent, long strings shortened for display and storage. */
  body: unknown
  status: number
  input_tokens?: number
  original_input_tokens?: number
  /** The API's error message (400). */
  error?: string
}

/** The requests behind one finding, and what they show. */
export interface ProbeEvidence {
  /** Probe id, e.g. "trigger-comparison". */
  probe: string
  /** The switch it decides, or "calibration". */
  key: AssumptionKey | "calibration"
  /** The value the answers point to; absent when undecided. */
  value?: unknown
  /** Plain-language reading of the numbers (or why nothing was decided). */
  finding: string
  requests: ProbeRequest[]
}

/** Token calibration fitted from requests of known content. */
export interface ProbeCalibration {
  model: string
  /** Measured ÷ estimated tokens of a prose-heavy request (the per-model factor). */
  tokenFactor?: number
  /** Tokens a cleared tool result costs (the placeholder). */
  placeholderTokens?: number
  /** Framing tokens per message. */
  messageFraming?: number
  /** Hidden tool-use system prompt added when `tools` is non-empty. */
  toolPromptTokens?: number
}

/** Result of `runProbePlan`. */
export interface ProbePlanResult {
  settled: Partial<Record<AssumptionKey, unknown>>
  evidence: ProbeEvidence[]
  calibration?: ProbeCalibration
  /** Requests sent in this run (never more than `MAX_REQUESTS`). */
  requests: number
}
