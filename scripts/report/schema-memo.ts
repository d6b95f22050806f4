// The engine asks whether a tool's input_schema is valid for every request
// of every replay (twice per timeline): the logs' tools — inferred, the same
// few shapes in every session — would be validated thousands of times. The
// answer depends on the schema's JSON alone, so it is kept by that text.

const MAX_KEPT = 512
const MAX_KEY_CHARS = 16_384

/** `check`, answering again from memory for a schema whose JSON it has seen. */
export function rememberedBySchema(
  check: (schema: unknown) => string | null
): (schema: unknown) => string | null {
  const kept = new Map<string, string | null>()
  return (schema) => {
    let key: string | undefined
    try {
      key = JSON.stringify(schema)
    } catch {
      // a cyclic schema: asked every time (the validator says it is invalid)
    }
    if (key === undefined || key.length > MAX_KEY_CHARS) return check(schema)
    const known = kept.get(key)
    if (known !== undefined) return known
    const answer = check(schema)
    if (kept.size >= MAX_KEPT) kept.clear()
    kept.set(key, answer)
    return answer
  }
}
