import type { SimulateSuccess } from "@/lib/context-editing"
import type { ImportedRequest } from "@/lib/import/types"

/** One answer of a multiple-choice question. */
export interface LessonChoice {
  id: string
  label: string
}

/** What the learner is asked to predict before the answer is shown. */
export type LessonQuestion =
  | { kind: "number"; prompt: string; unit: string }
  | { kind: "choice"; prompt: string; choices: readonly LessonChoice[] }

/**
 * A predict-then-reveal lesson. The answer is never written down: it is read
 * from the engine's result for the lesson's request, so a lesson can only
 * say what the simulator actually does.
 */
export interface Lesson {
  /** Stable id, used in links (`#learn=<id>`) and tests. */
  id: string
  title: string
  /** What the lesson teaches, in one sentence (shown in the list). */
  teaches: string
  docsUrl: string
  /** A fresh copy of the lesson's request (deterministic). */
  build(): ImportedRequest
  /** The situation in plain words; numbers come from the engine's result. */
  situation(result: SimulateSuccess): string
  question: LessonQuestion
  /**
   * The true answer, read from the result: a count for number questions, a
   * choice id for choice questions; null when the result fits no choice.
   */
  answer(result: SimulateSuccess): number | string | null
  /** The rule behind the answer, shown after the reveal. */
  rule: string
  /** How sure the rule is: documented, observed in real API output, or assumed. */
  evidence: "documented" | "observed" | "assumed"
  /**
   * For a wrong prediction that a common misreading leads to: what that
   * misreading is (null otherwise). Gets the prediction as typed (a count or
   * a choice id), the result and the request, so it can re-run the engine.
   */
  misreading?(
    given: number | string,
    result: SimulateSuccess,
    request: ImportedRequest
  ): string | null
}
