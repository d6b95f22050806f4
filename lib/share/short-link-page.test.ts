import { describe, expect, it } from "vitest"

import { renderShortLinkPage } from "./short-link-page"

describe("the /s/<id> page", () => {
  it("answers 410 for a deleted link and 404 for an unknown one, each saying so", () => {
    const deleted = renderShortLinkPage({ kind: "deleted" })
    expect(deleted.status).toBe(410)
    expect(deleted.html).toContain("This link was deleted")
    const missing = renderShortLinkPage({ kind: "missing" })
    expect(missing.status).toBe(404)
    expect(missing.html).toContain("does not exist")
  })

  it("moves on to the playground with the payload, which cannot break out of the script", () => {
    const open = renderShortLinkPage({ kind: "open", payload: "v2.abc_-" })
    expect(open.status).toBe(200)
    expect(open.html).toContain('location.replace("/#v2.abc_-")')
    const embed = renderShortLinkPage({
      kind: "open",
      payload: "v2.abc",
      embed: true,
    })
    expect(embed.html).toContain('location.replace("/embed#v2.abc")')
    const hostile = renderShortLinkPage({
      kind: "open",
      payload: 'v2.</script><script>alert(1)</script>"',
    })
    expect(hostile.html).not.toContain("<script>alert(1)")
    expect(hostile.html.match(/<script>/g)).toHaveLength(1)
  })
})
