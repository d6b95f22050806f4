// Defence in depth: the playground never puts an API key into shared state,
// but a pasted request or tool result may carry one. Anything that looks like
// a credential is removed before a link is built and again when one is read,
// so a crafted link cannot smuggle a key into someone's editor either.

// Compared against the key lowercased with every non-alphanumeric removed,
// so `x-api-key`, `api_key`, `apiKey` and `X_API_KEY` all match.
function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, "")
  return (
    k.includes("apikey") ||
    k.includes("authorization") || // authorization, proxy-authorization, mcp authorization_token
    k.endsWith("token") || // access_token, refresh_token, fallback_credit_token (not max_tokens)
    k.endsWith("secret") ||
    k === "password" ||
    k === "cookie"
  )
}

// Anthropic key shapes (sk-ant-api03-…, sk-ant-admin01-…): masked wherever
// they appear inside text, e.g. a tool result that printed the environment.
const KEY_IN_TEXT = /sk-ant-[A-Za-z0-9_-]{8,}/g
const KEY_MASK = "[redacted API key]"

// `"api_key": "…"`-style pairs inside raw (unparsable) editor text.
const SECRET_PAIR_IN_TEXT = /("([^"\\]{0,64})"\s*:\s*)"(?:[^"\\]|\\.)*"/g

/** Outcome of `stripSecrets`: the cleaned copy and the paths that were removed or masked. */
export interface StripSecretsResult<T> {
  value: T
  removed: string[]
}

/** Returns a copy without credential-like fields or key-shaped strings; never mutates. */
export function stripSecrets<T>(value: T): StripSecretsResult<T> {
  const removed: string[] = []
  const walk = (node: unknown, path: string): unknown => {
    if (typeof node === "string") return maskKeys(node, path, removed)
    if (Array.isArray(node)) return node.map((v, i) => walk(v, `${path}[${i}]`))
    if (node !== null && typeof node === "object") {
      const out: Record<string, unknown> = {}
      for (const [rawKey, child] of Object.entries(node)) {
        if (isSecretKey(rawKey)) {
          removed.push(path ? `${path}.${rawKey}` : rawKey)
          continue
        }
        // A key can be a credential too ({"sk-ant-…": "prod"}): masked like
        // text, numbered when two masked keys would collide.
        const key = maskedKey(rawKey, out)
        const childPath = path ? `${path}.${key}` : key
        if (key !== rawKey) removed.push(childPath)
        // defineProperty, not assignment: a "__proto__" key in pasted JSON is
        // data and must survive the link (assignment would set the prototype).
        Object.defineProperty(out, key, {
          value: walk(child, childPath),
          enumerable: true,
          writable: true,
          configurable: true,
        })
      }
      return out
    }
    return node
  }
  return { value: walk(value, "") as T, removed }
}

function maskedKey(key: string, taken: Record<string, unknown>): string {
  if (!key.includes("sk-ant-")) return key
  const masked = key.replace(KEY_IN_TEXT, KEY_MASK)
  if (masked === key) return key
  let out = masked
  for (let n = 2; Object.hasOwn(taken, out); n++) out = `${masked} (${n})`
  return out
}

function maskKeys(text: string, path: string, removed: string[]): string {
  let out = text.replace(KEY_IN_TEXT, KEY_MASK)
  if (out !== text) removed.push(path || "(text)")
  // Only raw text that failed to parse still has quoted key/value pairs.
  if (out.includes('"')) {
    out = out.replace(
      SECRET_PAIR_IN_TEXT,
      (pair, head: string, key: string) => {
        if (!isSecretKey(key)) return pair
        removed.push(path ? `${path}: ${key}` : key)
        return `${head}""`
      }
    )
  }
  return out
}
