import { readFileSync } from "node:fs"
import { join } from "node:path"

import { type ComponentProps, createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"

import { createPlaygroundStore } from "@/lib/state"

import { ImportDialog } from "./import-dialog"
import { PlaygroundStoreProvider } from "../store/playground-store-provider"

const fixture = (name: string) =>
  readFileSync(
    join(__dirname, "../../../lib/import/__fixtures__", name),
    "utf8"
  )

// Inside a playground: the preview reads the page's switches for its count.
function render(initialText?: string) {
  return renderToStaticMarkup(
    createElement(
      PlaygroundStoreProvider,
      // The child is createElement's third argument.
      { store: createPlaygroundStore() } as ComponentProps<
        typeof PlaygroundStoreProvider
      >,
      createElement(ImportDialog, {
        open: true,
        onClose: () => {},
        onImport: () => {},
        ...(initialText !== undefined ? { initialText } : {}),
      })
    )
  )
}

describe("ImportDialog (server render smoke test)", () => {
  it("shows detection, notes, preview and an enabled Import button for valid input", () => {
    const html = render(fixture("legacy-weather-transcript.txt"))
    for (const id of [
      "import.dialog",
      "import.text",
      "import.file",
      "import.detected",
      "import.notes",
      "import.preview",
      "import.submit",
      "import.tab.paste",
      "import.tab.generate",
    ]) {
      expect(html).toContain(`data-testid="${id}"`)
    }
    expect(html).toContain("legacy XML transcript (Human/Assistant)")
    expect(html).not.toMatch(/data-testid="import.submit"[^>]*disabled=""/)
  })

  it("shows a located error and a disabled Import button for broken JSON", () => {
    const html = render('{\n  "messages": [,]\n}')
    expect(html).toContain('data-testid="import.error"')
    expect(html).toContain("Go to line 2")
    expect(html).toMatch(
      /<button[^>]*data-testid="import.submit"[^>]*disabled=""/
    )
    expect(html).toContain('aria-invalid="true"')
  })

  it("renders nothing inside the dialog while closed", () => {
    const html = renderToStaticMarkup(
      createElement(ImportDialog, {
        open: false,
        onClose: () => {},
        onImport: () => {},
      })
    )
    expect(html).not.toContain("import.text")
  })
})
