/**
 * How a generated session's summary starts: the page knows it wrote the
 * text itself (a module of its own, so the first load imports only this).
 */
export const GENERATED_SUMMARY_PREFIX = "Generated session:"
