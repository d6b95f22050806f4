// The Content Security Policy every page and route gets (set per response
// in `proxy.ts`): scripts must carry the request's nonce, and nothing may
// frame the app except the embed card. (nosniff and Referrer-Policy, the
// same for every response, are in next.config.js.)

/** Paths other sites may frame: the embed card and a short link opened as one (`/s/<id>?embed`). */
export function isFrameable(pathname: string, search: URLSearchParams) {
  return (
    pathname === "/embed" ||
    pathname === "/embed/" ||
    (/^\/s\/[^/]+\/?$/.test(pathname) && search.has("embed"))
  )
}

/** A fresh nonce for one response (128 random bits, base64). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

/**
 * The policy for one response:
 * - scripts: only those carrying `nonce` and what they load
 *   (`'strict-dynamic'`; Next puts the nonce on its own scripts);
 * - workers (Monaco's, the BPE and import workers): this origin or blob:;
 * - styles: inline allowed (Monaco and React set style attributes);
 * - framing: nobody (`'none'`), or anyone for the embed card;
 * - `'unsafe-eval'` only for `next dev` (React's dev tooling needs it).
 */
export function contentSecurityPolicy(options: {
  nonce: string
  frameable: boolean
  dev?: boolean
}): string {
  const { nonce, frameable, dev = false } = options
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameable ? "*" : "'none'"}`,
  ].join("; ")
}
