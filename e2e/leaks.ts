import { readFileSync } from "node:fs"

import { expect } from "./fixtures"
import type { PlaygroundPage } from "./pages/playground-page"

/**
 * Checks that a secret typed into the page reached none of the places it
 * could leak to: the tab's URL, a permalink, the page's storage, the bodies
 * of the app's responses (from `collectResponseBodies`) and the app server's
 * log. Returns the storage, as text, for further checks.
 */
export async function expectSecretNotLeaked(
  playground: PlaygroundPage,
  secret: string,
  { link, bodies }: { link: string; bodies: string[] }
): Promise<string> {
  expect(playground.page.url()).not.toContain(secret)
  expect(link).not.toContain(secret)
  const storage = await playground.page.evaluate(
    () =>
      JSON.stringify({ ...localStorage }) +
      JSON.stringify({ ...sessionStorage })
  )
  expect(storage).not.toContain(secret)
  expect(bodies.length).toBeGreaterThan(0)
  for (const body of bodies) expect(body).not.toContain(secret)
  expect(readFileSync("data/e2e-server.log", "utf8")).not.toContain(secret)
  return storage
}
