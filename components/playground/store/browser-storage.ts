/** The part of Storage the page's small stores use (tests pass a Map-backed fake). */
export type SmallStorage = Pick<Storage, "getItem" | "setItem">

/** localStorage when the browser allows it (null on the server or when blocked). */
export function browserLocalStorage(): SmallStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage
  } catch {
    return null
  }
}

/** Requests larger than this are not autosaved (sessionStorage holds ~5 MB, and writing it stalls typing). */
export const AUTOSAVE_MAX_CHARS = 1_500_000
