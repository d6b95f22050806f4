"use client"

import { useState } from "react"

import { LabelledCheckbox } from "@/components/ui/labelled-checkbox"

import type { ShareState } from "@/lib/share"

import { CopyButton } from "@/components/ui/copy-button"
import { ModalDialog } from "@/components/ui/modal-dialog"
import { ShortLinkSection } from "./short-link-section"
import { SizeMeter } from "./size-meter"
import { usePermalink } from "./use-permalink"

/** Props for `ShareDialog`. */
export interface ShareDialogProps {
  open: boolean
  onClose(): void
  /** What the link should reproduce; never includes an API key. */
  state: ShareState
}

function iframe(src: string): string {
  const escaped = src.replace(/&/g, "&amp;").replace(/"/g, "&quot;")
  return `<iframe src="${escaped}" title="Context editing example" width="100%" height="520" style="border:0" loading="lazy"></iframe>`
}

/** An iframe of /embed with the permalink's fragment (HTML-escaped). */
export function embedSnippet(url: string): string {
  const u = new URL(url)
  return iframe(`${u.origin}/embed${u.hash}`)
}

/**
 * The same iframe through a short link: `/s/<id>?embed` opens the stored
 * state in the embed card, so the snippet stays short however large the
 * state is.
 */
export function embedSnippetForShortLink(shortUrl: string): string {
  const u = new URL(shortUrl)
  return iframe(`${u.origin}${u.pathname}?embed`)
}

function embedFor(url: string, shortUrl: string | null): string {
  return shortUrl ? embedSnippetForShortLink(shortUrl) : embedSnippet(url)
}

/**
 * Share dialog: a permalink computed locally when the dialog opens, its
 * size, an optional redaction, and an opt-in server short link.
 */
export function ShareDialog({ open, onClose, state }: ShareDialogProps) {
  const [redact, setRedact] = useState(false)
  const link = usePermalink(open, state, redact)
  const url = link.status === "ready" ? link.url : ""
  // The short link of the current payload, once created (null otherwise).
  const [short, setShort] = useState<{ payload: string; url: string } | null>(
    null
  )
  const shortUrl =
    link.status === "ready" && short?.payload === link.payload
      ? short.url
      : null
  const embed = link.status === "ready" ? embedFor(link.url, shortUrl) : ""

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Share"
      testIdPrefix="share"
    >
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The link carries the whole state after the #, which browsers never send
        to a server. A short link stores the state on this server instead.
      </p>

      <LabelledCheckbox
        className="flex items-start gap-2 text-sm"
        inputClassName="mt-0.5 size-4 accent-blue-600"
        testId="share.redact"
        checked={redact}
        onChange={setRedact}
      >
        <span>
          <span className="font-medium">Redact content</span>
          <span className="block text-zinc-600 dark:text-zinc-400">
            Replaces messages, thinking, tool inputs and results with filler
            words that count the same tokens and read as the same kind of text
            (prose, code, wide script). Structure, tool names and edits stay, so
            the link opens at the same numbers (within 3 %).
          </span>
        </span>
      </LabelledCheckbox>

      <div className="flex flex-col gap-2">
        <label htmlFor="share-url" className="text-sm font-medium">
          Link
        </label>
        <div className="flex items-center gap-2">
          <input
            id="share-url"
            data-testid="share.url"
            readOnly
            value={url}
            placeholder={link.status === "encoding" ? "Building the link…" : ""}
            onFocus={(e) => e.currentTarget.select()}
            aria-busy={link.status === "encoding"}
            className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1.5 font-mono text-sm dark:border-zinc-600 dark:bg-zinc-800"
          />
          <CopyButton text={url} testId="share.copy" disabled={!url} />
        </div>
        {link.status === "ready" ? (
          <SizeMeter length={link.url.length} />
        ) : null}
        {link.status === "error" ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {link.message}
          </p>
        ) : null}
        {link.status === "ready" && link.removed.length > 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Left out {link.removed.length} credential-like value
            {link.removed.length === 1 ? "" : "s"} (
            {link.removed.slice(0, 3).join(", ")}
            {link.removed.length > 3 ? ", …" : ""}).
          </p>
        ) : null}
      </div>

      {link.status === "ready" ? (
        <div className="flex flex-col gap-2">
          <label htmlFor="share-embed" className="text-sm font-medium">
            Embed
          </label>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            A read-only card for docs and posts: the prediction, what changed,
            and a link back here.
          </p>
          <div className="flex items-center gap-2">
            <input
              id="share-embed"
              data-testid="share.embed"
              readOnly
              value={embed}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1.5 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-800"
            />
            <CopyButton text={embed} testId="share.embed.copy" />
          </div>
        </div>
      ) : null}

      {link.status === "ready" ? (
        <ShortLinkSection
          payload={link.payload}
          onShortUrl={(shortLink) =>
            setShort(
              shortLink ? { payload: link.payload, url: shortLink } : null
            )
          }
        />
      ) : null}
    </ModalDialog>
  )
}
