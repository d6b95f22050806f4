import type { SmallStorage } from "../store/browser-storage"

// Which lessons this browser has answered, kept in localStorage under
// `cep.lessons` so the list still shows them on the next visit. Only lesson
// ids and right/wrong: nothing from the request, never a key.

/** The localStorage key. */
export const LESSON_PROGRESS_KEY = "cep.lessons"

/** Lesson id → whether the prediction was right. */
export type LessonProgress = Record<string, boolean>

/** Lesson ids are short slugs; anything else in storage is ignored. */
const ID = /^[a-z][a-z-]{0,40}$/

/** The stored progress; whatever does not parse is dropped, never thrown. */
export function readProgress(storage: SmallStorage | null): LessonProgress {
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
  storage: SmallStorage | null,
  progress: LessonProgress
): void {
  try {
    storage?.setItem(LESSON_PROGRESS_KEY, JSON.stringify(progress))
  } catch {
    // The marks then last only while the dialog is open.
  }
}
