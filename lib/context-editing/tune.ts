/** tuneSession(): the tuner (see README.md, "Rooms"). Kept at this path for importers of the module; the code is in `./tuner/tune`. */
export * from "./tuner/tune"
