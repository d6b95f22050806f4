/**
 * What a worker does with one log file — the same code in the page's Web
 * Workers and the terminal's worker threads, so both print the same
 * numbers: analyse it (bill, replay, what-if), or evaluate the tuner's
 * candidate configs on it.
 */
import type { SimulateOptions } from "@/lib/context-editing"

import { analyseLog, type FileAnalysis } from "./analyse"
import type { FleetEdits } from "./config"
import { evaluateConfigs, type FileScores } from "./tune-eval"
import type { TuneConfig } from "@/lib/context-editing/tuner/eval"

export type FleetJob =
  | { kind: "analyse"; edits: FleetEdits; options: SimulateOptions }
  | { kind: "tune"; configs: TuneConfig[]; options: SimulateOptions }

export type FleetJobResult =
  | { kind: "analyse"; analysis: FileAnalysis }
  | { kind: "tune"; scores: FileScores }

/** Runs one job on one file's text. */
export function runJob(text: string, job: FleetJob): FleetJobResult {
  if (job.kind === "analyse")
    return {
      kind: "analyse",
      analysis: analyseLog(text, job.edits, job.options),
    }
  return {
    kind: "tune",
    scores: evaluateConfigs(text, job.configs, job.options),
  }
}
