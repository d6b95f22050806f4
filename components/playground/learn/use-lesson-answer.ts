"use client"

import { useState } from "react"

import { forgetKept, useKeptState } from "@/components/ui/kept-state"

import type * as Lessons from "@/lib/lessons"
import type { Lesson, LessonRun } from "@/lib/lessons"

export type Verdict = "right" | "wrong" | "shown"

/** The reader's answer to a lesson: what they typed or picked, and the verdict. */
export interface LessonAnswer {
  given: string
  setGiven: (value: string) => void
  /** null until Check (right or wrong) or Show. */
  verdict: Verdict | null
  /** The misreading the wrong answer matches, if the lesson names one. */
  misread: string | null
  revealed: boolean
  /** A count question holds text that is no count. */
  invalidCount: boolean
  check: () => void
  show: () => void
}

/**
 * The answer state of one lesson: Check judges what is given against the
 * engine's run (and tells `onAnswered`), Show reveals without judging.
 */
export function useLessonAnswer(
  lessons: typeof Lessons,
  lesson: Lesson,
  run: LessonRun | { error: string },
  onAnswered: (right: boolean) => void
): LessonAnswer {
  // What was typed stays while the dialog is closed, until it is checked or shown.
  const key = `learn.answer.${lesson.id}`
  const [given, setGiven] = useKeptState(key, "")
  const [verdict, setVerdict] = useState<Verdict | null>(null)
  const [misread, setMisread] = useState<string | null>(null)
  const revealed = verdict !== null
  const check = () => {
    if (revealed || given.trim() === "" || "error" in run) return
    const right = lessons.isRight(run, given)
    setVerdict(right ? "right" : "wrong")
    forgetKept(key)
    setMisread(lessons.misreadingOf(run, given))
    onAnswered(right)
  }
  const invalidCount =
    lesson.question.kind === "number" &&
    given.trim() !== "" &&
    lessons.parseCount(given) === null
  const show = () => {
    setVerdict("shown")
    forgetKept(key)
  }
  return {
    given,
    setGiven,
    verdict,
    misread,
    revealed,
    invalidCount,
    check,
    show,
  }
}
