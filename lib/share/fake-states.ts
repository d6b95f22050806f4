// fast-check arbitraries for share states: realistic Messages API requests
// plus the awkward text people actually paste (emoji ZWJ sequences, CJK,
// RTL, control characters, lone surrogates, very long strings).

import fc from "fast-check"

import type { ShareState, ShareTab } from "./types"
import { TABS } from "./wire"

const awkward = fc.constantFrom(
  "",
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈 flag",
  "東京都の天気は晴れです",
  "한국어 텍스트",
  "مرحبا بالعالم",
  "\u0000\u0001\u001f",
  "line\u2028separator\u2029",
  "\ud800 lone surrogate",
  "tab\tnew\nline\r\n",
  '"quotes" and \\backslashes\\',
  // Look like v2 string-table references; must come back unchanged.
  "~",
  "~0",
  "~~1",
  "~/notes.md"
)

const smallTextArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 80 }) },
  { weight: 2, arbitrary: awkward },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) }
)

// Big strings (1–40 KB) are rare so a run stays fast while still covering them.
const bigTextArb = fc
  .tuple(
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
    fc.integer({ min: 200, max: 2000 })
  )
  .map(([s, n]) => s.repeat(n))

// A file an agent reads in overlapping parts: slices of one shared text, so
// strings in a state repeat and overlap (v2's table and copies).
const FILE = Array.from(
  { length: 120 },
  (_, i) => `${i % 7 ? "line" : "行 👩‍💻"} ${i}: ${"abcdefghij".slice(i % 10)}`
).join("\n")
const fileSliceArb = fc
  .tuple(fc.nat({ max: FILE.length }), fc.integer({ min: 60, max: 2000 }))
  .map(([at, length]) => FILE.slice(at, at + length))

/** Strings that mix ordinary text with every kind of awkward input. */
export const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: smallTextArb },
  { weight: 1, arbitrary: bigTextArb },
  { weight: 2, arbitrary: fileSliceArb }
)

const idArb = fc.stringMatching(/^toolu_[A-Za-z0-9]{12}$/)

function requestOf(text: fc.Arbitrary<string>) {
  const blockArb = fc.oneof(
    text.map((t) => ({ type: "text", text: t })),
    fc.tuple(text, text).map(([thinking, signature]) => ({
      type: "thinking",
      thinking,
      signature,
    })),
    fc
      .tuple(
        idArb,
        fc.constantFrom("read_file", "bash", "web_search"),
        fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 3 })
      )
      .map(([id, name, input]) => ({ type: "tool_use", id, name, input })),
    fc
      .tuple(idArb, text, fc.boolean())
      .map(([tool_use_id, content, is_error]) => ({
        type: "tool_result",
        tool_use_id,
        content,
        ...(is_error ? { is_error } : {}),
      }))
  )

  const messageArb = fc.record({
    role: fc.constantFrom("user", "assistant"),
    content: fc.oneof(text, fc.array(blockArb, { maxLength: 4 })),
  })

  const editArb = fc.constantFrom(
    {
      type: "clear_thinking_20251015",
      keep: { type: "thinking_turns", value: 1 },
    },
    {
      type: "clear_tool_uses_20250919",
      keep: { type: "tool_uses", value: 3 },
      exclude_tools: ["web_search"],
    },
    {
      type: "compact_20260112",
      trigger: { type: "input_tokens", value: 150000 },
    }
  )

  return fc.record(
    {
      model: fc.constantFrom("claude-sonnet-4-5", "claude-opus-4-1"),
      max_tokens: fc.integer({ min: 1, max: 64000 }),
      system: text,
      messages: fc.array(messageArb, { maxLength: 6 }),
      context_management: fc.record({
        edits: fc.array(editArb, { maxLength: 3 }),
      }),
    },
    { requiredKeys: ["model", "messages"] }
  )
}

/** A Messages API request body with context_management edits. */
export const requestArb = requestOf(textArb)

/** The same without big strings, for tests that do heavier work per run. */
export const smallRequestArb = requestOf(smallTextArb)

// Every tab a link may name.
const tabArb = fc.constantFrom<ShareTab>(...TABS)

/** Any ShareState the playground could hold. */
export const shareStateArb: fc.Arbitrary<ShareState> = fc.oneof(
  fc.record(
    {
      request: fc.oneof(
        { weight: 3, arbitrary: requestArb },
        { weight: 1, arbitrary: fc.jsonValue() }
      ),
      assumptions: fc.dictionary(
        fc.string({ maxLength: 10 }),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 3 }
      ),
      view: fc.record(
        {
          tab: tabArb,
          collapsed: fc.boolean(),
          selected: fc.string({ maxLength: 30 }),
        },
        { requiredKeys: [] }
      ),
    },
    { requiredKeys: ["request"] }
  ),
  textArb.map((text): ShareState => ({ request: text, requestText: text }))
)
