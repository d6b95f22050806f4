import { describe, expect, it } from "vitest"

import { parseImport } from "../index"

/**
 * SDK snippets that build their strings (the newcomer issue): the import
 * holds the text the code builds, or a note says exactly what was not
 * evaluated — never a silently shorter text. Expected lengths are counted
 * by hand from the literals (6 characters × 500, 106 × 40, …).
 */

function ok(text: string) {
  const result = parseImport(text)
  if (!result.success) throw new Error(result.error.message)
  return result
}
const notesOf = (r: { notes: Array<{ message: string }> }) =>
  r.notes.map((n) => n.message).join("\n")
const texts = (r: ReturnType<typeof ok>) =>
  r.data.messages.map((m) =>
    Array.isArray(m.content)
      ? m.content.map((b) => String(b.text ?? "")).join("")
      : m.content
  )

// 106 characters, counted: 105 printable + the newline.
const LOG_LINE =
  "2025-03-14 09:26:53 INFO [worker-7] db ok: pool=12 active=3 idle=9 wait=0ms p99=41ms shard=eu-2 region=ab\\n"
const LOG_LENGTH = 106

describe("SDK calls that build their strings", () => {
  it('evaluates `"db ok " * 500` to 3,000 characters and says so', () => {
    const result = ok(`import anthropic
client = anthropic.Anthropic()
response = client.messages.create(
    model="claude-sonnet-4-6",
    max_tokens=256,
    messages=[{"role": "user", "content": "db ok " * 500}],
)`)
    expect(texts(result)[0]).toHaveLength(3000)
    expect(texts(result)[0]!.startsWith("db ok db ok")).toBe(true)
    expect(notesOf(result)).toMatch(
      /`"db ok " \* 500` \(line 6\) → 3,000 characters/
    )
  })

  it('reads `"…" + LOG * 40` with LOG bound earlier (multiplication first)', () => {
    const result = ok(`LOG = "${LOG_LINE}"
prompt = "Summarise these logs:\\n" + LOG * 40
message = client.messages.create(model="claude-sonnet-4-6", max_tokens=512,
    messages=[{"role": "user", "content": prompt}])`)
    const text = texts(result)[0]!
    expect(text).toHaveLength(
      "Summarise these logs:\n".length + 40 * LOG_LENGTH
    )
    expect(text.endsWith("region=ab\n")).toBe(true)
    expect(notesOf(result)).toMatch(/`LOG \* 40` \(line 2\) → 4,240 characters/)
  })

  it("TypeScript: .repeat, template literals, Array(n).fill().join()", () => {
    const result = ok(`const LOG = "${LOG_LINE}";
const header = \`Build \${"#".repeat(3)} \${2 * 21}\`;
const response = await client.messages.create({
  model: "claude-sonnet-4-6",
  max_tokens: 512,
  messages: [
    { role: "user", content: \`\${header}: \${LOG.repeat(2)}\` },
    { role: "assistant", content: Array(3).fill("ab").join("-") },
    { role: "user", content: ["x", "y"].join("") + LOG.trim().length },
  ],
});`)
    const [first, second, third] = texts(result)
    expect(first!.slice(0, 14)).toBe("Build ### 42: ")
    expect(first).toHaveLength(14 + 2 * LOG_LENGTH)
    expect(second).toBe("ab-ab-ab")
    expect(third).toBe(`xy${LOG_LENGTH - 1}`)
  })

  it("f-strings: bound names, conversions, specs and {{ }} escapes", () => {
    const result = ok(`name = "Ada"
count = 1234567
ratio = 0.25
message = client.messages.create(model="claude-sonnet-4-6", max_tokens=64,
    messages=[{"role": "user", "content": f"{name!r} has {count:,} rows ({ratio:.1%}), {{braces}} {name.upper()}"}])`)
    expect(texts(result)[0]).toBe(
      "'Ada' has 1,234,567 rows (25.0%), {braces} ADA"
    )
  })

  it("joins, dedent, json.dumps and JSON.stringify as Python and JavaScript write them", () => {
    const result = ok(`import json, textwrap
LINES = ["first", "second"]
SYSTEM = textwrap.dedent("""
    You are terse.
      Indented twice.
""")
message = client.messages.create(model="claude-sonnet-4-6", max_tokens=64,
    system=SYSTEM,
    messages=[{"role": "user", "content": "\\n".join(LINES * 2) + json.dumps({"a": [1, True, None], "é": "x"})}])`)
    expect(result.data.system).toBe("\nYou are terse.\n  Indented twice.\n")
    expect(texts(result)[0]).toBe(
      'first\nsecond\nfirst\nsecond{"a": [1, true, null], "\\u00e9": "x"}'
    )
    const ts =
      ok(`const r = await client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 64,
  messages: [{ role: "user", content: JSON.stringify({ a: [1, true, null] }, null, 2) }] })`)
    expect(texts(ts)[0]).toBe(
      '{\n  "a": [\n    1,\n    true,\n    null\n  ]\n}'
    )
  })

  it("reads a name at its binding in effect (reassignment, +=, appended messages)", () => {
    const result = ok(`text = "a"
text += "b" * 3
text = text.upper()
messages = [{"role": "user", "content": text}]
messages.append({"role": "assistant", "content": "ok"})
messages.append({"role": "user", "content": "again"})
response = client.messages.create(model="claude-sonnet-4-6", max_tokens=64, messages=messages)`)
    expect(texts(result)).toEqual(["ABBB", "ok", "again"])
  })

  it("says what it did not evaluate, and keeps it as written in the text", () => {
    const result = ok(`question = input("Ask: ")
response = client.messages.create(model="claude-sonnet-4-6", max_tokens=64,
    messages=[{"role": "user", "content": f"Q: {question}" + " / " + MISSING * 3}])`)
    expect(texts(result)[0]).toBe("Q: {question} / {MISSING * 3}")
    const notes = notesOf(result)
    expect(notes).toContain(
      '`{question}` (line 3) is not evaluated (`input("Ask: ")`, line 1, runs as code): kept as written in the text'
    )
    expect(notes).toContain(
      "`{MISSING * 3}` (line 3) is not evaluated (`MISSING`, line 3, is not defined in the snippet): kept as written in the text"
    )
    expect(notes).toMatch(
      /`MISSING` \(line 3\) is a variable the snippet does not define; kept as written/
    )
    // Each part is said once: no "left it out" for what the text keeps.
    expect(notes).not.toMatch(/left it out/)
  })

  it("says so when a list grows inside a loop (not run here)", () => {
    const result = ok(`messages = [{"role": "user", "content": "start"}]
for i in range(3):
    messages.append({"role": "user", "content": f"step {i}"})
response = client.messages.create(model="claude-sonnet-4-6", max_tokens=64, messages=messages)`)
    expect(texts(result)).toEqual(["start"])
    expect(notesOf(result)).toMatch(
      /`messages\.append\(\{"role": "user", "content": f"step \{i\}"\}\)` \(line 3\) is computed when the code runs/
    )
  })

  it("refuses to build more than the import takes, and says which expression", () => {
    const result =
      ok(`response = client.messages.create(model="claude-sonnet-4-6", max_tokens=64,
    messages=[{"role": "user", "content": "intro " + "x" * 10**12}])`)
    expect(texts(result)[0]).toBe('intro {"x" * 10**12}')
    expect(notesOf(result)).toContain(
      '`{"x" * 10**12}` (line 2) is not evaluated (it would build more than the import takes (20 MB of text)): kept as written in the text'
    )
  })

  it("a `messages=[...]` placeholder fails with where it is, and offers the call's edits", () => {
    const result = parseImport(`response = client.beta.messages.create(
    model="claude-opus-4-6",
    max_tokens=4096,
    messages=[...],
    betas=["context-management-2025-06-27"],
    context_management={
        "edits": [{"type": "clear_tool_uses_20250919", "keep": {"type": "tool_uses", "value": 3}}]
    },
)`)
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.message).toMatch(
      /`\[\.\.\.\]`, the placeholder the docs write/
    )
    expect(result.error.line).toBe(4)
    expect(result.editsOffer?.context_management).toEqual({
      edits: [
        {
          type: "clear_tool_uses_20250919",
          keep: { type: "tool_uses", value: 3 },
        },
      ],
    })
    expect(result.editsOffer?.line).toBe(6)
  })
})

describe("a call whose messages are all computed when the code runs", () => {
  it("fails saying which expression, located", () => {
    const result = parseImport(`meta = {k: v for k, v in items}
client.messages.create(model="m", max_tokens=1,
    messages=[{"role": "user", "content": "a" if flag else "b"}], metadata=meta)`)
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.message).toMatch(
      /no usable messages: the snippet builds it from `"a" if flag else "b"`, computed when the code runs \(line 3\)/
    )
    expect(result.error.line).toBe(3)
  })

  it("reads an object literal's property and a dict's key", () => {
    const result =
      ok(`const params = { model: "claude-sonnet-4-6", max_tokens: 64 } as const;
const r = await client.messages.create({ ...params, messages: [{ role: "user", content: \`n=\${params.max_tokens} \${params["model"]}\` }] });`)
    expect(texts(result)[0]).toBe("n=64 claude-sonnet-4-6")
  })
})
