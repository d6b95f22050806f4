import { ESLint } from "eslint"
import { describe, expect, it } from "vitest"

// The boundary rule keeps lib/ free of React, Next and the DOM; this checks it
// through ESLint itself, on virtual files, with the project's own config.
const eslint = new ESLint({ cwd: process.cwd() })

async function messagesFor(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`)
}

describe("lib/ boundary", () => {
  it.each([
    [
      'import { useState } from "react"\nexport const x = useState\n',
      "UI-free",
    ],
    ['import Link from "next/link"\nexport const x = Link\n', "Next.js"],
    [
      'import { x } from "@/components/ui/cn"\nexport const y = x\n',
      "components/",
    ],
    [
      'import { create } from "zustand"\nexport const y = create\n',
      "zustand/vanilla",
    ],
    ["export const w = window.innerWidth\n", "function argument"],
    ["export const d = () => document.title\n", "DOM"],
    ['export const s = () => localStorage.getItem("a")\n', "storage object"],
  ])("rejects %j with a message saying what to do", async (code, hint) => {
    const messages = await messagesFor("lib/example/bad.ts", code)
    expect(messages.join("\n")).toContain(hint)
  })

  it("allows the same React import outside lib/", async () => {
    const messages = await messagesFor(
      "components/example.tsx",
      'import { useState } from "react"\nexport const x = useState\n'
    )
    expect(messages.filter((m) => m.startsWith("no-restricted"))).toEqual([])
  })

  it("allows zustand/vanilla inside lib/", async () => {
    const messages = await messagesFor(
      "lib/example/store.ts",
      'import { createStore } from "zustand/vanilla"\nexport const s = createStore\n'
    )
    expect(messages.filter((m) => m.startsWith("no-restricted"))).toEqual([])
  })
})
