/** simulate(): the single-request result (see README.md, "Rooms"). Kept at this path for importers of the module; the code is in `./result/simulate`. */
export * from "./result/simulate"
