/** timeline(): every request of the session (see README.md, "Rooms"). Kept at this path for importers of the module; the code is in `./session/timeline`. */
export * from "./session/timeline"
