import {
  simulate,
  type SimulateOptions,
  type SimulateSuccess,
  type TraceStep,
} from "@/lib/context-editing"
import type { ImportedRequest } from "@/lib/import/types"

import type { Lesson } from "./types"
import { formatNumber } from "@/lib/format/number"

/** One decision the server makes, step by step (an edit, or a model default). */
export interface LessonTrace {
  key: string
  /** What decided: an edit type, or "model default". */
  label: string
  steps: TraceStep[]
}

/** A lesson worked out by the engine, ready to ask and to reveal. */
export interface LessonRun {
  lesson: Lesson
  request: ImportedRequest
  result: SimulateSuccess
  situation: string
  /** The request's `context_management`, pretty-printed (or a note that it has none). */
  config: string
  answer: number | string
  /** The answer in words: "5 tool results", or the right choice's label. */
  answerText: string
  /** The engine's decisions, step by step: the model's implicit thinking default, then every edit. */
  traces: LessonTrace[]
}

/**
 * How a lesson counts tokens: the page's estimator (BPE-counted text once
 * refined) and calibration, so a lesson shows the numbers the playground
 * shows for the same request. Never assumptions: a lesson teaches the
 * defaults.
 */
export type LessonCounting = Pick<SimulateOptions, "estimator" | "calibration">

/**
 * Runs a lesson's request through the engine with the documented-best
 * assumptions (a lesson teaches the defaults), counting as `counting` says.
 * Returns an error message if the request is rejected or fits none of the
 * lesson's answers.
 */
export function runLesson(
  lesson: Lesson,
  counting: LessonCounting = {}
): LessonRun | { error: string } {
  const request = lesson.build()
  const result = simulate(request, {
    ...(counting.estimator ? { estimator: counting.estimator } : {}),
    ...(counting.calibration ? { calibration: counting.calibration } : {}),
  })
  if (!result.ok)
    return { error: `The lesson's request is invalid: ${result.error.message}` }
  const answer = lesson.answer(result)
  const q = lesson.question
  const choice =
    q.kind === "choice" ? q.choices.find((c) => c.id === answer) : undefined
  if (
    answer === null ||
    (q.kind === "number" && typeof answer !== "number") ||
    (q.kind === "choice" && !choice)
  )
    return { error: "The engine's result fits none of this lesson's answers." }
  return {
    lesson,
    request,
    result,
    situation: lesson.situation(result),
    config:
      request.context_management === undefined
        ? "(none: the request has no context_management field)"
        : JSON.stringify(request.context_management, null, 2),
    answer,
    answerText:
      q.kind === "number"
        ? `${typeof answer === "number" ? formatNumber(answer) : answer} ${q.unit}`
        : choice!.label,
    traces: tracesOf(result),
  }
}

function tracesOf(result: SimulateSuccess): LessonTrace[] {
  const out: LessonTrace[] = []
  const implicit = result.implicitThinking
  if (implicit)
    out.push({
      key: "implicit",
      label: "model default",
      steps: [
        {
          id: "implicit",
          outcome: implicit.applied ? "pass" : "info",
          text: implicit.message,
        },
      ],
    })
  for (const t of result.edits)
    out.push({ key: `edit-${t.index}`, label: t.type, steps: t.steps })
  return out
}

/** Parses a typed count: digits with optional separators; null if not a count. */
export function parseCount(text: string): number | null {
  const t = text.trim().replace(/[,_\s]/g, "")
  return /^\d{1,9}$/.test(t) ? Number(t) : null
}

/** What a wrong prediction probably misread (null when right or unknown). */
export function misreadingOf(run: LessonRun, given: string): string | null {
  const { lesson } = run
  if (!lesson.misreading || isRight(run, given)) return null
  const value = lesson.question.kind === "number" ? parseCount(given) : given
  if (value === null) return null
  return lesson.misreading(value, run.result, run.request)
}

/** Whether a prediction (a typed count or a choice id) is right. */
export function isRight(run: LessonRun, given: string): boolean {
  if (run.lesson.question.kind === "number")
    return parseCount(given) === run.answer
  return given === run.answer
}
