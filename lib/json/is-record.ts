/**
 * The one plain-object check: a non-null object that is not an array, as a
 * JSON object arrives after `JSON.parse`. Objects with a null prototype count.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}
