// The HTML of `/s/<id>`: a tiny page that either moves on to the playground
// with the stored state or says why it cannot, served by a route handler so
// the status code is honest (410 for a deleted link, 404 for an unknown one;
// an App Router page cannot answer 410).

/** What `/s/<id>` shows. */
export type ShortLinkPage =
  | {
      kind: "open"
      payload: string
      /** `/s/<id>?embed`: the embed card */ embed?: boolean
      /** The response's CSP nonce (proxy.ts), without which the redirect script is refused. */
      nonce?: string
    }
  | { kind: "deleted" }
  | { kind: "missing" }
  | { kind: "unavailable" }

const TEXT: Record<
  Exclude<ShortLinkPage["kind"], "open">,
  { status: number; title: string; detail: string }
> = {
  deleted: {
    status: 410,
    title: "This link was deleted",
    detail: "Its creator removed the shared state from this server.",
  },
  missing: {
    status: 404,
    title: "This link does not exist",
    detail: "Check that it was copied completely.",
  },
  unavailable: {
    status: 503,
    title: "This link could not be opened right now",
    detail:
      "The server could not read its stored links. Try again in a moment.",
  },
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#18181b;background:#fff}
main{max-width:28rem;margin:0 auto;min-height:100dvh;display:flex;flex-direction:column;justify-content:center;gap:1rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0}p{margin:0;font-size:.875rem;color:#52525b}
a{align-self:flex-start;font-size:.875rem;color:#1d4ed8}
a.button{color:#fff;background:#18181b;border-radius:.375rem;padding:.5rem .75rem;text-decoration:none}
@media (prefers-color-scheme:dark){body{color:#f4f4f5;background:#09090b}p{color:#a1a1aa}a{color:#93c5fd}a.button{color:#18181b;background:#f4f4f5}}`

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0).toString(10)};`)
}

function document(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><title>${escapeHtml(title)}</title><link rel="icon" href="/icon.svg"><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

/** The page's status and HTML. */
export function renderShortLinkPage(page: ShortLinkPage): {
  status: number
  html: string
} {
  if (page.kind === "open") {
    // The payload is base64url after "v<N>." (checked by the store's
    // writer), but it is escaped anyway: it comes from a database.
    const href = `${page.embed ? "/embed" : "/"}#${page.payload}`
    const script = `location.replace(${JSON.stringify(href).replace(/</g, "\\u003c")})`
    return {
      status: 200,
      html: document(
        "Shared playground",
        `<p role="status">Opening the shared playground…</p><a href="${escapeHtml(href)}">Open it now</a><script${page.nonce ? ` nonce="${escapeHtml(page.nonce)}"` : ""}>${script}</script>`
      ),
    }
  }
  const text = TEXT[page.kind]
  return {
    status: text.status,
    html: document(
      text.title,
      `<h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.detail)}</p><a class="button" href="/">Open the playground</a>`
    ),
  }
}
