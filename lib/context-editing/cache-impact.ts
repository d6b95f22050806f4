/** cacheImpact(): what the edits cost in prompt cache (see README.md, "Rooms"). Kept at this path for importers of the module; the code is in `./result/cache-impact`. */
export * from "./result/cache-impact"
