/**
 * An input schema cut into pieces the draft 2020-12 meta-schema can check
 * in linear time and within a small stack (docs/semantics.md#schema-limits):
 *
 * - `required`, `dependentRequired` and `dependencies` name lists, and
 *   `type` lists, are checked here first (strings, no repeats, by a Set);
 *   the meta-schema's `uniqueItems` compares every pair (80,000 names took
 *   20 s), so it then sees them empty.
 * - Every subschema deeper than CUT levels is checked as a schema of its
 *   own (the meta-schema applies itself to each subschema, so the verdict is
 *   the same): a validator that recurses per level would otherwise overflow
 *   the call stack at a depth that depends on the JIT's frame sizes, and
 *   answer "invalid" or "valid" by chance.
 */

/** Schema levels checked in one piece. */
export const CUT = 24
/**
 * Subschemas checked in all (a JSON body of 32 MB holds fewer); past it, or
 * for an object that contains itself, the schema is invalid.
 */
export const MAX_SUBSCHEMAS = 1_000_000

const ONE = [
  "items",
  "contains",
  "additionalProperties",
  "propertyNames",
  "if",
  "then",
  "else",
  "not",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
  "additionalItems",
]
const MAP = [
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
]
const LIST = ["prefixItems", "allOf", "anyOf", "oneOf"]
const SIMPLE_TYPES = new Set([
  "array",
  "boolean",
  "integer",
  "null",
  "number",
  "object",
  "string",
])

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v)

/** Thrown by a check that already knows the schema is invalid. */
class Invalid extends Error {}

/** A name list (`required`…): strings, no repeats; the meta-schema then sees []. */
function nameList(value: unknown): unknown {
  if (!Array.isArray(value)) return value
  const seen = new Set<string>()
  for (const name of value) {
    if (typeof name !== "string" || seen.has(name)) throw new Invalid()
    seen.add(name)
  }
  return []
}

/** A `type` list: simple type names, no repeats (so at most seven). */
function typeList(value: unknown): unknown {
  if (!Array.isArray(value)) return value
  const seen = new Set<unknown>()
  for (const t of value) {
    if (typeof t !== "string" || !SIMPLE_TYPES.has(t) || seen.has(t))
      throw new Invalid()
    seen.add(t)
  }
  return value
}

/** Where the cut subschemas go, to be checked on their own; and a count. */
type Later = unknown[] & { seen?: number }

function sub(value: unknown, depth: number, later: Later): unknown {
  if (!isObj(value)) return value // a boolean, or what the meta-schema refuses
  later.seen = (later.seen ?? 0) + 1
  if (later.seen > MAX_SUBSCHEMAS) throw new Invalid()
  if (depth >= CUT) {
    later.push(value)
    return true
  }
  return piece(value, depth, later)
}

function mapOf(value: unknown, depth: number, later: Later): unknown {
  if (!isObj(value)) return value
  const out: Obj = {}
  for (const [k, v] of Object.entries(value)) out[k] = sub(v, depth, later)
  return out
}

/** `dependencies` (deprecated): each value a schema or a name list. */
function dependencies(value: unknown, depth: number, later: Later): unknown {
  if (!isObj(value)) return value
  const out: Obj = {}
  for (const [k, v] of Object.entries(value))
    out[k] = Array.isArray(v) ? nameList(v) : sub(v, depth, later)
  return out
}

/** A copy of one schema object, its subschemas copied down to CUT levels. */
function piece(schema: Obj, depth: number, later: Later): Obj {
  const out: Obj = { ...schema }
  const next = depth + 1
  for (const k of ONE) if (k in out) out[k] = sub(out[k], next, later)
  for (const k of MAP) if (k in out) out[k] = mapOf(out[k], next, later)
  for (const k of LIST)
    if (Array.isArray(out[k]))
      out[k] = (out[k] as unknown[]).map((v) => sub(v, next, later))
  if ("dependencies" in out)
    out.dependencies = dependencies(out.dependencies, next, later)
  if ("required" in out) out.required = nameList(out.required)
  if (isObj(out.dependentRequired)) {
    const lists: Obj = {}
    for (const [k, v] of Object.entries(out.dependentRequired))
      lists[k] = nameList(v)
    out.dependentRequired = lists
  }
  if ("type" in out) out.type = typeList(out.type)
  return out
}

/**
 * The pieces of `schema` to check against the meta-schema (each at most CUT
 * levels deep), or null when a name or type list already makes it invalid.
 */
export function schemaPieces(schema: unknown): unknown[] | null {
  const pieces: unknown[] = []
  const later: Later = [schema]
  try {
    while (later.length > 0) {
      const next = later.pop()
      pieces.push(isObj(next) ? piece(next, 0, later) : next)
    }
  } catch (error) {
    if (error instanceof Invalid) return null
    throw error
  }
  return pieces
}
