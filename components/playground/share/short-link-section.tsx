"use client"

import { type ComponentProps, useState } from "react"

import { cn } from "@/components/ui/cn"

import {
  MAX_SHORT_LINK_PAYLOAD_CHARS,
  type CreateShareResponse,
} from "@/lib/share"

import { browserLocalStorage } from "../store/browser-storage"
import { CopyButton } from "@/components/ui/copy-button"
import { createShortLink, deleteShortLink } from "./short-link-api"
import {
  forgetShareToken,
  getShareToken,
  listShareTokens,
  saveShareToken,
  type ShareTokenEntry,
} from "./share-tokens"

type Created = {
  payload: string
  response: CreateShareResponse
  token?: string
}

/** The section's buttons (Create, Delete); `className` adds to their look. */
function ShareButton({ className, ...props }: ComponentProps<"button">) {
  return (
    <button
      type="button"
      className={cn(
        "rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:border-zinc-600 dark:hover:bg-zinc-800",
        className
      )}
      {...props}
    />
  )
}

/** The created short link: its URL, a copy button and (with a token) Delete. */
function CreatedLink({
  current,
  busy,
  onDelete,
}: {
  current: Created
  busy: boolean
  onDelete: (id: string, token: string) => void
}) {
  return (
    <>
      <label className="text-sm font-medium" htmlFor="share-short-url">
        Short link
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id="share-short-url"
          data-testid="share.short-url"
          readOnly
          value={current.response.url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1.5 font-mono text-sm dark:border-zinc-600 dark:bg-zinc-800"
        />
        <CopyButton text={current.response.url} testId="share.short-copy" />
        {current.token ? (
          <ShareButton
            data-testid="share.delete"
            disabled={busy}
            onClick={() =>
              onDelete(current.response.id, current.token as string)
            }
            className="text-red-700 dark:text-red-400"
          >
            Delete
          </ShareButton>
        ) : null}
      </div>
      {current.response.existed && !current.token ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          This exact state was already shared, so the link already existed. Only
          the browser that created it can delete it.
        </p>
      ) : null}
    </>
  )
}

/** The short links this browser created (and holds delete tokens for). */
function MyLinks({
  links,
  busy,
  onDelete,
}: {
  links: ShareTokenEntry[]
  busy: boolean
  onDelete: (id: string, token: string) => void
}) {
  return (
    <details data-testid="share.my-links" className="text-sm">
      <summary className="cursor-pointer text-zinc-700 dark:text-zinc-300">
        Short links created in this browser ({links.length})
      </summary>
      <ul className="mt-2 flex flex-col gap-1">
        {links.map((link) => (
          <li key={link.id} className="flex items-center gap-2">
            <a
              href={link.url}
              className="truncate font-mono text-blue-700 underline dark:text-blue-400"
            >
              {link.url}
            </a>
            <ShareButton
              data-testid={`share.my-links.delete.${link.id}`}
              disabled={busy}
              onClick={() => onDelete(link.id, link.token)}
              className="shrink-0 py-0.5 text-red-700 dark:text-red-400"
              aria-label={`Delete short link ${link.id}`}
            >
              Delete
            </ShareButton>
          </li>
        ))}
      </ul>
    </details>
  )
}

/**
 * Opt-in server short link for `payload`. Nothing is stored until the user
 * clicks "Create short link" (CE#2436: merely opening a share box stored a link).
 */
export function ShortLinkSection({
  payload,
  onShortUrl,
}: {
  payload: string
  /** Told the short link of `payload` once created, null once deleted. */
  onShortUrl?: (url: string | null) => void
}) {
  const [created, setCreated] = useState<Created | null>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [links, setLinks] = useState<ShareTokenEntry[]>(() => {
    const s = browserLocalStorage()
    return s ? listShareTokens(s) : []
  })

  const refresh = () => {
    const s = browserLocalStorage()
    setLinks(s ? listShareTokens(s) : [])
  }

  // A short link made for another payload (e.g. before toggling redaction)
  // does not describe this one.
  const current = created?.payload === payload ? created : null

  const create = async () => {
    setBusy(true)
    setMessage(null)
    const result = await createShortLink(payload)
    setBusy(false)
    if (!result.ok) {
      setMessage(result.message)
      return
    }
    const { id, deleteToken } = result.data
    // On the host this page is on (a server behind a proxy or bound to
    // 127.0.0.1 may think of itself as localhost).
    const url = `${window.location.origin}/s/${id}`
    const s = browserLocalStorage()
    if (deleteToken && s) {
      saveShareToken(s, { id, url, token: deleteToken, createdAt: Date.now() })
      refresh()
    }
    const token = deleteToken ?? (s ? getShareToken(s, id) : undefined)
    setCreated({ payload, response: { ...result.data, url }, token })
    onShortUrl?.(url)
  }

  const remove = async (id: string, token: string) => {
    setBusy(true)
    setMessage(null)
    const result = await deleteShortLink(id, token)
    setBusy(false)
    if (!result.ok) {
      setMessage(result.message)
      return
    }
    const s = browserLocalStorage()
    if (s) forgetShareToken(s, id)
    refresh()
    if (created?.response.id === id) {
      setCreated(null)
      onShortUrl?.(null)
    }
    setMessage(
      result.data === "deleted"
        ? "Short link deleted. It now shows a “deleted” page."
        : "The server did not accept this browser's delete token for that link."
    )
  }

  return (
    <section
      aria-label="Short link"
      className="flex flex-col gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-700"
    >
      {current ? (
        <CreatedLink
          current={current}
          busy={busy}
          onDelete={(id, token) => void remove(id, token)}
        />
      ) : payload.length > MAX_SHORT_LINK_PAYLOAD_CHARS ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Too large for a short link (over{" "}
          {MAX_SHORT_LINK_PAYLOAD_CHARS.toLocaleString("en-US")} characters
          compressed). Try “Redact content”, or share the request file itself.
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <ShareButton
            data-testid="share.shorten"
            disabled={busy}
            onClick={() => void create()}
          >
            {busy ? "Creating…" : "Create short link"}
          </ShareButton>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Stores the state on this server until you delete it.
          </p>
        </div>
      )}
      {message ? (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {message}
        </p>
      ) : null}
      {links.length > 0 ? (
        <MyLinks
          links={links}
          busy={busy}
          onDelete={(id, token) => void remove(id, token)}
        />
      ) : null}
    </section>
  )
}
