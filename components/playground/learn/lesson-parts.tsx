"use client"

import { useId } from "react"

import { cn } from "@/components/ui/cn"

import type { Lesson, LessonRun } from "@/lib/lessons"

import { CodeText } from "./code-text"
import type { LessonAnswer } from "./use-lesson-answer"

const EVIDENCE: Record<Lesson["evidence"], { label: string; cls: string }> = {
  documented: {
    label: "documented",
    cls: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  },
  observed: {
    label: "observed in API output",
    cls: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
  },
  assumed: {
    label: "assumed",
    cls: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  },
}

/** The lesson's question: a count to type or a choice to pick, then Check or Show. */
export function LessonQuestion({
  lesson,
  answer,
}: {
  lesson: Lesson
  answer: LessonAnswer
}) {
  const { given, setGiven, revealed, invalidCount } = answer
  const inputId = useId()
  const q = lesson.question
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        answer.check()
      }}
      className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      {q.kind === "number" ? (
        <>
          <label htmlFor={inputId} className="block font-medium">
            {q.prompt}
          </label>
          <div className="flex items-center gap-2">
            <input
              id={inputId}
              data-testid="learn.answer"
              inputMode="numeric"
              autoComplete="off"
              value={given}
              disabled={revealed}
              aria-invalid={invalidCount}
              aria-describedby={invalidCount ? `${inputId}-err` : undefined}
              onChange={(e) => setGiven(e.target.value)}
              className="w-24 rounded-md border border-zinc-300 px-2 py-1 dark:border-zinc-700 dark:bg-zinc-950"
            />
            <span className="text-zinc-600 dark:text-zinc-400">{q.unit}</span>
          </div>
          {invalidCount && (
            <p
              id={`${inputId}-err`}
              className="text-xs text-red-700 dark:text-red-400"
            >
              Type a whole number, like 3.
            </p>
          )}
        </>
      ) : (
        <fieldset disabled={revealed}>
          <legend className="font-medium">{q.prompt}</legend>
          <div className="mt-1 space-y-1">
            {q.choices.map((c) => (
              <label key={c.id} className="flex items-start gap-2">
                <input
                  type="radio"
                  name={`lesson-${lesson.id}`}
                  value={c.id}
                  data-testid={`learn.choice.${c.id}`}
                  checked={given === c.id}
                  onChange={() => setGiven(c.id)}
                  className="mt-1"
                />
                <span>{c.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {!revealed && (
        <div className="flex gap-2 pt-1">
          <button
            type="submit"
            data-testid="learn.check"
            disabled={given.trim() === "" || invalidCount}
            className="rounded-md bg-zinc-900 px-3 py-1 text-white disabled:opacity-40 dark:bg-zinc-100 dark:text-zinc-900"
          >
            Check my answer
          </button>
          <button
            type="button"
            data-testid="learn.show"
            onClick={answer.show}
            className="rounded-md px-3 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            Just show me
          </button>
        </div>
      )}
    </form>
  )
}

/** After an answer: the verdict, the rule with its evidence, and the engine's steps. */
export function LessonReveal({
  run,
  answer: { verdict, misread },
  next,
  onNext,
  onOpen,
}: {
  run: LessonRun
  answer: LessonAnswer
  next: Lesson | undefined
  onNext: (id: string) => void
  onOpen: () => void
}) {
  if (verdict === null) return null
  const { lesson } = run
  return (
    <section className="space-y-3" data-testid="learn.reveal">
      <p
        data-testid="learn.verdict"
        className={cn(
          "rounded-md px-3 py-2 font-medium",
          verdict === "right"
            ? "bg-emerald-50 text-emerald-950 dark:bg-emerald-950/50 dark:text-emerald-100"
            : verdict === "wrong"
              ? "bg-amber-50 text-amber-950 dark:bg-amber-950/50 dark:text-amber-100"
              : "bg-zinc-100 dark:bg-zinc-800"
        )}
      >
        {verdict === "right"
          ? "Right. "
          : verdict === "wrong"
            ? "Not quite. "
            : ""}
        The answer: {run.answerText}.
      </p>
      {misread && (
        <p data-testid="learn.misreading">
          <CodeText text={misread} />
        </p>
      )}
      <p>
        <span
          className={cn(
            "mr-2 rounded px-1.5 py-0.5 text-[11px] font-medium",
            EVIDENCE[lesson.evidence].cls
          )}
        >
          {EVIDENCE[lesson.evidence].label}
        </span>
        <CodeText text={lesson.rule} />
      </p>
      <div>
        <h4 className="font-medium">How the server decides, step by step</h4>
        {run.traces.map((t) => (
          <ol
            key={t.key}
            className="mt-1 list-decimal space-y-0.5 pl-6"
            aria-label={t.label}
          >
            {t.steps.map((step) => (
              <li
                key={step.id}
                className={cn(
                  step.outcome === "stop" &&
                    "font-medium text-amber-900 dark:text-amber-200",
                  step.outcome === "info" && "text-zinc-600 dark:text-zinc-400"
                )}
              >
                <CodeText text={step.text} />
              </li>
            ))}
          </ol>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          data-testid="learn.open"
          onClick={onOpen}
          title="Loads this lesson's request (Undo brings yours back); assumption switches return to their defaults"
          className="rounded-md bg-zinc-900 px-3 py-1 text-white dark:bg-zinc-100 dark:text-zinc-900"
        >
          Open in the playground
        </button>
        {next && (
          <button
            type="button"
            data-testid="learn.next"
            onClick={() => onNext(next.id)}
            className="rounded-md border border-zinc-300 px-3 py-1 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            Next: {next.title}
          </button>
        )}
        <a
          href={lesson.docsUrl}
          target="_blank"
          rel="noreferrer"
          className="text-sky-700 underline dark:text-sky-400"
        >
          Docs ↗
        </a>
      </div>
    </section>
  )
}
