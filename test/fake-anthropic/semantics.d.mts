import type { TokenEstimator } from "@/lib/tokens"

export function distortedEstimator(
  base: TokenEstimator,
  options?: { scale?: number; perBlock?: number }
): TokenEstimator

export function countTokensWith(
  engine: { simulate: (request: unknown, options?: object) => unknown },
  estimator: TokenEstimator,
  body: unknown,
  switches?: Record<string, unknown>
): { status: number; body: unknown }

export function loadEngine(): Promise<{
  engine: { simulate: (request: unknown, options?: object) => unknown }
  estimator: TokenEstimator
}>
