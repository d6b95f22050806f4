// A realistic ~200 KB agent conversation for the share benchmark, built from
// real text shipped in node_modules (package READMEs as prose, library
// sources as code) so it compresses like a real transcript, not like
// repeated characters. Deterministic: same files, same seeded choices.

import { readFileSync } from "node:fs"
import { join } from "node:path"

import type { ShareState } from "@/lib/share/types"

const ROOT = join(__dirname, "../../node_modules")

const PROSE = [
  "zod/README.md",
  "zustand/README.md",
  "fast-check/README.md",
  "@libsql/client/README.md",
  "eslint/README.md",
  "monaco-editor/README.md",
  "acorn/README.md",
  "json5/README.md",
  "js-yaml/README.md",
  "semver/README.md",
  "next/README.md",
  "prettier/README.md",
]

const CODE = [
  "zustand/esm/middleware.mjs",
  "lz-string/libs/lz-string.js",
  "@anthropic-ai/sdk/src/core/streaming.ts",
  "@anthropic-ai/sdk/src/lib/MessageStream.ts",
  "@anthropic-ai/sdk/src/internal/utils/values.ts",
  "@anthropic-ai/sdk/src/client.ts",
  "@anthropic-ai/sdk/src/resources/beta/messages/messages.ts",
  "semver/classes/range.js",
]

// mulberry32: tiny seeded PRNG so every run builds the same conversation.
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

/** Builds the benchmark state; `targetBytes` is the approximate JSON size. */
export function buildConversation(targetBytes = 200_000): ShareState {
  const random = rng(20261122)
  const read = (path: string) => readFileSync(join(ROOT, path), "utf8")
  const prose = PROSE.map(read)
  const code = CODE.map((path) => ({ path, text: read(path) }))
  const pick = <T>(items: T[]) =>
    items[Math.floor(random() * items.length)] as T
  const slice = (text: string, min: number, max: number) => {
    const length = Math.floor(min + random() * (max - min))
    const start = Math.floor(random() * Math.max(1, text.length - length))
    // Start and end on line boundaries, as a file read or command output would.
    const from = text.lastIndexOf("\n", start) + 1
    const to = text.indexOf("\n", start + length)
    return text.slice(from, to < 0 ? undefined : to)
  }
  // Thinking signatures are opaque base64 and do not compress; real ones run
  // to several hundred characters.
  const signature = () =>
    Array.from({ length: 344 }, () => B64[Math.floor(random() * 64)]).join("")

  const messages: unknown[] = [
    {
      role: "user",
      content:
        "The nightly build fails on the share route after the SDK upgrade. Find the cause, fix it, and run the tests.",
    },
  ]
  let n = 0
  while (JSON.stringify(messages).length < targetBytes) {
    n++
    const id = `toolu_01${Math.floor(random() * 36 ** 8)
      .toString(36)
      .padStart(8, "0")}${n}`
    const kind = pick([
      "read_file",
      "read_file",
      "bash",
      "grep",
      "web_fetch",
    ] as const)
    const file = pick(code)
    const input =
      kind === "read_file"
        ? { path: file.path }
        : kind === "bash"
          ? { command: "npx vitest run lib/share --reporter=verbose" }
          : kind === "grep"
            ? {
                pattern: pick([
                  "encodeShare",
                  "CompressionStream",
                  "stream",
                  "export function",
                ]),
                path: "lib/",
              }
            : { url: `https://example.com/docs/${n}` }
    const result =
      kind === "read_file" || kind === "grep"
        ? slice(file.text, 1500, 6000)
        : slice(pick(prose), 1000, 4000)
    messages.push({
      role: "assistant",
      content: [
        {
          type: "thinking",
          thinking: slice(pick(prose), 200, 900),
          signature: signature(),
        },
        { type: "text", text: slice(pick(prose), 60, 240).split("\n")[0] },
        { type: "tool_use", id, name: kind, input },
      ],
    })
    messages.push({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: id, content: result }],
    })
  }

  return {
    request: {
      model: "claude-sonnet-4-5",
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 8000 },
      system: "You are a coding agent working in a Next.js repository.",
      tools: ["read_file", "bash", "grep", "web_fetch"].map((name) => ({
        name,
        description: `The ${name} tool.`,
        input_schema: {
          type: "object",
          properties: {},
          additionalProperties: true,
        },
      })),
      messages,
      context_management: {
        edits: [
          {
            type: "clear_thinking_20251015",
            keep: { type: "thinking_turns", value: 1 },
          },
          {
            type: "clear_tool_uses_20250919",
            trigger: { type: "input_tokens", value: 30000 },
            keep: { type: "tool_uses", value: 3 },
          },
        ],
      },
    },
    view: { tab: "blocks" },
  }
}
