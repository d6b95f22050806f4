"use client"

import { useEffect, useRef, useState } from "react"

import { cn } from "@/components/ui/cn"
import { useReturnFocus } from "@/components/ui/use-return-focus"

import type * as Lessons from "@/lib/lessons"

import { browserLocalStorage } from "../store/browser-storage"
import { LessonCard } from "./lesson-card"
import { type LessonProgress, readProgress, writeProgress } from "./progress"

type LessonsModule = typeof Lessons

/**
 * The lessons in a modal dialog: the list on the side, one lesson at a
 * time. The lessons (and their requests) load when the dialog first opens.
 */
export function LearnDialog({
  firstLesson,
  onClose,
}: {
  firstLesson: string | null
  onClose: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const [mod, setMod] = useState<LessonsModule | null>(null)
  const [failed, setFailed] = useState(false)
  const [current, setCurrent] = useState<string | null>(firstLesson)
  // Lessons answered in this browser: id → right or not (kept across visits).
  const [done, setDone] = useState<LessonProgress>(() =>
    readProgress(browserLocalStorage())
  )
  useEffect(() => writeProgress(browserLocalStorage(), done), [done])

  useReturnFocus(true)
  useEffect(() => {
    ref.current?.showModal()
    import("@/lib/lessons").then(setMod, () => setFailed(true))
  }, [])

  const lessons = mod?.LESSONS ?? []
  const lesson = lessons.find((l) => l.id === current) ?? lessons[0]
  const at = lesson ? lessons.indexOf(lesson) : -1
  const next = at >= 0 ? lessons[at + 1] : undefined
  const answered = lessons.filter((l) => l.id in done).length
  const right = lessons.filter((l) => done[l.id] === true).length

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="learn-title"
      data-testid="learn.dialog"
      className="m-auto h-[min(44rem,92vh)] w-[min(60rem,96vw)] max-w-none overflow-hidden rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-start gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <div className="flex-1">
            <h2 id="learn-title" className="text-base font-semibold">
              Learn context editing
            </h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Predict what the server does, then check. Every answer is computed
              by the simulator for the lesson&apos;s request, so you can open it
              in the playground and change it.
            </p>
          </div>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label="Close the lessons"
            className="rounded-md px-2 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            ✕
          </button>
        </div>
        <div className="flex min-h-0 flex-1 flex-col sm:flex-row">
          <nav
            aria-label="Lessons"
            className="shrink-0 border-zinc-200 max-sm:border-b sm:w-60 sm:overflow-y-auto sm:border-r dark:border-zinc-800"
          >
            <ol className="flex gap-1 overflow-x-auto p-2 sm:flex-col">
              {lessons.map((l, i) => (
                <li key={l.id} className="shrink-0">
                  <button
                    type="button"
                    data-testid={`learn.lesson.${l.id}`}
                    aria-current={l === lesson ? "step" : undefined}
                    onClick={() => setCurrent(l.id)}
                    className={cn(
                      "w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800",
                      l === lesson && "bg-zinc-100 font-medium dark:bg-zinc-800"
                    )}
                  >
                    <span className="text-zinc-500">{i + 1}.</span>{" "}
                    <span className="max-sm:hidden">{l.title}</span>
                    {l.id in done && (
                      <span
                        className={
                          done[l.id]
                            ? "ml-1 text-emerald-700 dark:text-emerald-400"
                            : "ml-1 text-zinc-500"
                        }
                      >
                        {done[l.id] ? "✓" : "·"}
                        <span className="sr-only">
                          {done[l.id] ? " (answered right)" : " (answered)"}
                        </span>
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ol>
            {answered > 0 && (
              <p
                data-testid="learn.progress"
                className="flex items-center gap-2 px-4 pb-2 text-xs text-zinc-600 max-sm:hidden dark:text-zinc-400"
              >
                <span>
                  {right} of {lessons.length} right
                </span>
                <button
                  type="button"
                  data-testid="learn.forget"
                  onClick={() => setDone({})}
                  title="Forget which lessons this browser has answered"
                  className="rounded px-1 underline-offset-2 hover:underline"
                >
                  Start over
                </button>
              </p>
            )}
          </nav>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            {failed && (
              <p role="alert" className="text-sm text-red-700">
                The lessons could not be loaded. Reload the page to try again.
              </p>
            )}
            {!mod && !failed && (
              <p role="status" className="text-sm text-zinc-500">
                Loading lessons…
              </p>
            )}
            {mod && lesson && (
              <LessonCard
                key={lesson.id}
                lesson={lesson}
                number={at + 1}
                lessons={mod}
                next={next}
                onNext={(id) => setCurrent(id)}
                onAnswered={(right) =>
                  setDone((d) => ({ ...d, [lesson.id]: right }))
                }
                onOpened={() => ref.current?.close()}
              />
            )}
          </div>
        </div>
      </div>
    </dialog>
  )
}
