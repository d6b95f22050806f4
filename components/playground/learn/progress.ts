// Which lessons this browser has answered, kept in localStorage under
// `cep.lessons` so the list still shows them on the next visit. Only lesson
// ids and right/wrong: nothing from the request, never a key.

/** The localStorage key. */
export const LESSON_PROGRESS_KEY = "cep.lessons"

/** Lesson id → whether the prediction was right. */
export type LessonProgress = Record<string, boolean>

/** The subset of Storage used (tests pass a Map-backed fake). */
export type ProgressStorage = Pick<Storage, "getItem" | "setItem">

/** Lesson ids are short slugs; anything else in storage is ignored. */
const ID = /^[a-z][a-z-]{0,40}$/

/** The stored progress; whatever does not parse is dropped, never thrown. */
export function readProgress(storage: ProgressStorage | null): LessonProgress {
  try {
    const raw = storage?.getItem(LESSON_PROGRESS_KEY)
    if (!raw) return {}
    const parsed: unknown = JSON.parse(raw)
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      return {}
    const out: LessonProgress = {}
    for (const [id, right] of Object.entries(parsed))
      if (ID.test(id) && typeof right === "boolean") out[id] = right
    return out
  } catch {
    return {}
  }
}

/** Stores the progress (an empty record forgets it). Full or blocked storage is ignored. */
export function writeProgress(
  storage: ProgressStorage | null,
  progress: LessonProgress
): void {
  try {
    storage?.setItem(LESSON_PROGRESS_KEY, JSON.stringify(progress))
  } catch {
    // The marks then last only while the dialog is open.
  }
}

/** localStorage when the browser allows it (null on the server or when blocked). */
export function browserStorage(): ProgressStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage
  } catch {
    return null
  }
}
