/** Predict-then-reveal lessons whose answers come from the engine. */
export { getLesson, LESSONS } from "./lessons"
export {
  isRight,
  type LessonCounting,
  type LessonRun,
  misreadingOf,
  parseCount,
  runLesson,
} from "./run"
export type { Lesson, LessonChoice, LessonQuestion } from "./types"
