/** getModelInfo() and the model table (see README.md, "Rooms"). Kept at this path for importers of the module; the code is in `./request/models`. */
export * from "./request/models"
