/**
 * Settles the engine's assumption switches against the free count_tokens
 * endpoint (see README.md). Pure: no React, DOM or storage.
 */
export { PLANNED_REQUESTS, PROBED_KEYS, PROBES, runProbePlan } from "./plan"
export { MAX_REQUESTS } from "./session"
export {
  retryingRateLimits,
  type RetryNotice,
  type RetryOptions,
} from "./retry"
export type * from "./types"
export {
  applySettled,
  type ProbeRuns,
  probeRunsForLink,
  readProbeRuns,
  type StoredProbeRun,
  toStoredRun,
  validSwitchValue,
} from "./stored"
