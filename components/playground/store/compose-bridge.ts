"use client"

/**
 * From the result to Compose: the mounted Compose view registers how it
 * shows a place of the request (a message's block, a tool, the system
 * prompt), so the API error's "Show it in Compose" can take the user there.
 */

type Reveal = (path: (string | number)[]) => boolean

let reveal: Reveal | null = null

export function setComposeReveal(next: Reveal | null): void {
  reveal = next
}

/** Shows `path` in Compose; false when Compose is not mounted or has no such place. */
export function revealInCompose(path: (string | number)[]): boolean {
  return reveal?.(path) ?? false
}
