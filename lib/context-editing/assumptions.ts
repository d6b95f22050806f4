/** ASSUMPTION_SPECS and the switches (see README.md, "Rooms"). Kept at this path for importers of the module; the code is in `./request/assumptions`. */
export * from "./request/assumptions"
