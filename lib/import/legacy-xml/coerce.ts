import { findExcessiveDepth } from "../bounds"

import { parsePythonLiteral } from "./python-literal"

/** JSON Schema types a legacy `<type>` maps to (docs/semantics.md#legacy-mapping); undefined = omit. */
export type SchemaType =
  "string" | "integer" | "number" | "boolean" | "array" | "object"

const TYPE_MAP: Record<string, SchemaType> = {
  string: "string",
  str: "string",
  int: "integer",
  integer: "integer",
  float: "number",
  number: "number",
  bool: "boolean",
  boolean: "boolean",
  list: "array",
  array: "array",
  dict: "object",
  object: "object",
}

/** Maps a legacy parameter type (docs or Python builtin names) to JSON Schema. */
export function mapLegacyType(
  type: string | undefined
): SchemaType | undefined {
  return type === undefined ? undefined : TYPE_MAP[type.trim().toLowerCase()]
}

function parseStructured(text: string): unknown {
  if (findExcessiveDepth(text) !== -1) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return parsePythonLiteral(text)
  }
}

/**
 * Converts a raw parameter value by its declared type. `ok` false means the
 * value did not fit the type and was kept as a (trimmed) string.
 */
export function coerceValue(
  raw: string,
  type: SchemaType | undefined
): { value: unknown; ok: boolean } {
  const text = raw.trim()
  switch (type) {
    case "integer": {
      if (/^[+-]?\d+$/.test(text)) return { value: Number(text), ok: true }
      const n = Number(text)
      return text !== "" && Number.isInteger(n)
        ? { value: n, ok: true }
        : { value: text, ok: false }
    }
    case "number": {
      const n = Number(text.replace(/_/g, ""))
      return text !== "" && Number.isFinite(n)
        ? { value: n, ok: true }
        : { value: text, ok: false }
    }
    case "boolean": {
      const lower = text.toLowerCase()
      if (lower === "true") return { value: true, ok: true }
      if (lower === "false") return { value: false, ok: true }
      return { value: text, ok: false }
    }
    case "array":
    case "object": {
      const value = parseStructured(text)
      const fits =
        type === "array"
          ? Array.isArray(value)
          : typeof value === "object" && value !== null && !Array.isArray(value)
      return fits ? { value, ok: true } : { value: text, ok: false }
    }
    default:
      return { value: text, ok: true }
  }
}
