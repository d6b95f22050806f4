/**
 * Redaction keeps a request valid and its link short: a Claude Agent SDK
 * request (its tools' input schemas carry a `$schema` URL) stays one the
 * engine accepts, schema validation included, and a redacted link of
 * built-in content names the example instead of carrying its filler, and
 * opens on exactly the redacted request.
 */
import { describe, expect, it } from "vitest"

import { simulate } from "@/lib/context-editing"
import { PRESETS } from "@/lib/presets"
import { loadArtifacts } from "@/test/real/load"

import { decodeShare, encodeShare } from "./codec"
import { redactState } from "./redact"

/** Tool definitions as the Agent SDK sends them (zod → JSON Schema draft-07). */
const sdkTool = (name: string, properties: Record<string, unknown>) => ({
  name,
  description: `Use ${name} to work on the repository of Falcon Ops, our team.`,
  input_schema: {
    type: "object",
    properties,
    required: Object.keys(properties).slice(0, 1),
    additionalProperties: false,
    $schema: "http://json-schema.org/draft-07/schema#",
  },
})

const agentSdkRequest = {
  model: "claude-sonnet-4-5",
  max_tokens: 32000,
  system: [{ type: "text", text: "You are a coding agent for Falcon Ops." }],
  tools: [
    sdkTool("Bash", {
      command: { type: "string", description: "The command to run" },
      timeout: { type: "number", description: "Timeout in ms" },
    }),
    sdkTool("Grep", {
      pattern: { type: "string", description: "The regular expression" },
      output_mode: {
        type: "string",
        enum: ["content", "files_with_matches", "count"],
      },
      path: {
        type: "string",
        pattern: "^/[a-z]+(/[a-z0-9_-]+)*$",
        format: "uri-reference",
      },
    }),
    sdkTool("Write", {
      file_path: { type: "string" },
      content: { type: "string" },
      mode: { type: "string" },
    }),
  ],
  messages: [
    { role: "user", content: "Find where Falcon Ops reads its config." },
    {
      role: "assistant",
      content: [
        {
          type: "tool_use",
          id: "toolu_01",
          name: "Grep",
          input: { pattern: "loadConfig", output_mode: "files_with_matches" },
        },
      ],
    },
    {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_01",
          content: "src/config/falcon.ts\nsrc/server/boot.ts",
        },
      ],
    },
  ],
}

describe("a redacted request stays valid", () => {
  it("keeps the tools' $schema URL, patterns and formats, fills their prose", () => {
    expect(simulate(structuredClone(agentSdkRequest)).ok).toBe(true)
    const redacted = redactState({ request: agentSdkRequest })
      .request as typeof agentSdkRequest
    const result = simulate(structuredClone(redacted))
    expect(result.ok ? "" : result.error.message).toBe("")
    const grep = redacted.tools[1]!.input_schema
    expect(grep.$schema).toBe("http://json-schema.org/draft-07/schema#")
    expect(grep.properties).toMatchObject({
      path: { pattern: "^/[a-z]+(/[a-z0-9_-]+)*$", format: "uri-reference" },
    })
    expect(JSON.stringify(redacted)).not.toMatch(/Falcon/i)
  })

  it("keeps a list of required names under dependentRequired (unique names)", () => {
    const tool = sdkTool("Deploy", {
      region: { type: "string" },
      zone: { type: "string" },
      rack: { type: "string" },
    })
    const schema = {
      ...tool.input_schema,
      dependentRequired: { zone: ["region", "rack"] },
    }
    const request = {
      ...agentSdkRequest,
      tools: [{ ...tool, input_schema: schema }],
      messages: [{ role: "user", content: "Deploy it." }],
    }
    expect(simulate(structuredClone(request)).ok).toBe(true)
    const redacted = redactState({ request }).request
    expect(simulate(structuredClone(redacted)).ok).toBe(true)
  })
})

describe("a redacted link of built-in content is short", () => {
  const sample = PRESETS[0]!.build()

  it("the sample: the example by name, opened as the redacted request", async () => {
    const redacted = redactState({ request: sample })
    const link = await encodeShare(redacted)
    expect(link.length).toBeLessThan(200)
    const opened = await decodeShare(link)
    if (!opened.success) throw new Error(opened.error.message)
    expect(opened.data.request).toEqual(redacted.request)
    expect(opened.notes).toEqual([])
  })

  it("the sample with a changed config and an edited message: the patch only", async () => {
    const changed = structuredClone(sample) as {
      max_tokens: number
      messages: { role: string; content: unknown }[]
    }
    changed.max_tokens = 1234
    changed.messages[0]!.content = "A question of my own, not the sample's."
    const redacted = redactState({ request: changed })
    const link = await encodeShare(redacted)
    expect(link.length).toBeLessThan(600)
    const opened = await decodeShare(link)
    if (!opened.success) throw new Error(opened.error.message)
    expect(opened.data.request).toEqual(redacted.request)
    expect(link).not.toContain("question")
  })

  it("a request of one's own is carried whole", async () => {
    const redacted = redactState({ request: agentSdkRequest })
    expect(redacted.redactedFrom).toBeUndefined()
    const opened = await decodeShare(await encodeShare(redacted))
    if (!opened.success) throw new Error(opened.error.message)
    expect(opened.data.request).toEqual(redacted.request)
  })

  it("a recorded request of one's own: no longer than its plain link (a 110 KB document, a web-search replay, a PDF)", async () => {
    const slugs = [
      "cookbook-celegans_review",
      "chatlas-web-search-replay-2",
      "chatlas-pdf-apples-haiku-4-5-1",
    ]
    const found = loadArtifacts().filter((a) => slugs.includes(a.slug))
    expect(found.map((a) => a.slug).sort()).toEqual([...slugs].sort())
    for (const a of found) {
      const plain = await encodeShare({ request: a.request })
      const redacted = await encodeShare(redactState({ request: a.request }))
      expect(redacted.length, a.slug).toBeLessThanOrEqual(plain.length)
    }
  })
})
