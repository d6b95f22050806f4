"use client"

import { useEffect, useMemo } from "react"

import type * as Lessons from "@/lib/lessons"
import type { Lesson } from "@/lib/lessons"

import { useSimOptions } from "../result/use-sim-options"
import { usePlaygroundStoreApi } from "../store/playground-store-provider"
import { CodeText } from "./code-text"
import { LessonQuestion, LessonReveal } from "./lesson-parts"
import { useLessonAnswer } from "./use-lesson-answer"
import { mayReplaceRequest } from "../store/replace-request"

/** One lesson: the situation, a prediction, then the engine's answer and why. */
export function LessonCard({
  lesson,
  number,
  lessons,
  next,
  onNext,
  onAnswered,
  onOpened,
}: {
  lesson: Lesson
  number: number
  lessons: typeof Lessons
  next: Lesson | undefined
  onNext: (id: string) => void
  onAnswered: (right: boolean) => void
  onOpened: () => void
}) {
  const store = usePlaygroundStoreApi()
  // The page's counting (BPE-counted text, calibration), not its
  // assumptions: the lesson opens on the defaults and shows the numbers the
  // playground will.
  const { estimator, calibration } = useSimOptions()
  const run = useMemo(
    () => lessons.runLesson(lesson, { estimator, calibration }),
    [lessons, lesson, estimator, calibration]
  )
  // Count what the lesson's run left estimated; a newer estimator re-runs it.
  useEffect(() => {
    if (estimator)
      void import("@/components/tokens/refiner").then((m) => m.countPending())
  }, [run, estimator])
  const answer = useLessonAnswer(lessons, lesson, run, onAnswered)

  if ("error" in run)
    return (
      <p role="alert" className="text-sm text-red-700">
        {run.error}
      </p>
    )

  const open = () => {
    if (!mayReplaceRequest(store)) return
    const s = store.getState()
    if (Object.keys(s.assumptions).length > 0) s.resetAssumptions()
    s.setRequest(lesson.build(), {
      kind: "lesson",
      id: lesson.id,
      title: lesson.title,
    })
    s.setResultTab("explain")
    s.setNarrowRegion("result")
    onOpened()
  }

  return (
    <article className="space-y-4 text-sm" data-testid="learn.card">
      <header>
        <h3 className="text-base font-semibold">
          {number}. {lesson.title}
        </h3>
        <p className="text-zinc-600 dark:text-zinc-400">
          <CodeText text={lesson.teaches} />
        </p>
      </header>

      <section aria-label="The situation">
        <p data-testid="learn.situation">
          <CodeText text={run.situation} />
        </p>
        <details className="mt-2">
          <summary className="cursor-pointer text-xs text-zinc-600 dark:text-zinc-400">
            <code>context_management</code> of the request
          </summary>
          <pre className="mt-1 overflow-x-auto rounded bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-950">
            {run.config}
          </pre>
        </details>
      </section>

      <LessonQuestion lesson={lesson} answer={answer} />
      <div role="status" aria-live="polite">
        <LessonReveal
          run={run}
          answer={answer}
          next={next}
          onNext={onNext}
          onOpen={open}
        />
      </div>
    </article>
  )
}
