import { describe, expect, it } from "vitest"

import { encodeShare } from "@/lib/share"

import { readConfigInput } from "./config-input"
import { encodeSummary } from "./permalink"
import { buildReport } from "./report"

const clear = {
  type: "clear_tool_uses_20250919",
  keep: { type: "tool_uses", value: 2 },
}

describe("--config", () => {
  it("takes an edits array, {edits}, or a request's context_management", async () => {
    for (const text of [
      JSON.stringify([clear]),
      JSON.stringify({ edits: [clear] }),
      JSON.stringify({
        model: "m",
        messages: [],
        context_management: { edits: [clear] },
      }),
    ])
      expect(await readConfigInput(text, "c.json")).toMatchObject({
        edits: [clear],
        source: "c.json",
      })
  })

  it("takes the edits and switches of a playground permalink, whole URL or fragment", async () => {
    const link = await encodeShare({
      request: {
        model: "claude-opus-4-6",
        max_tokens: 10,
        messages: [{ role: "user", content: "hi" }],
        context_management: { edits: [clear] },
      },
      assumptions: { triggerComparison: "gte" },
    })
    for (const text of [`https://example.test/#${link}`, `#${link}`, link])
      expect(await readConfigInput(text, "the permalink")).toMatchObject({
        edits: [clear],
        assumptions: { triggerComparison: "gte" },
      })
  })

  it("takes the config of a folder summary link", async () => {
    const report = buildReport([])
    const link = await encodeSummary({ report, edits: [clear] })
    expect(
      await readConfigInput(`http://x/#${link}`, "the permalink")
    ).toMatchObject({ edits: [clear] })
  })

  it("says what is wrong, located", async () => {
    expect(await readConfigInput("{", "c.json")).toMatchObject({
      error: expect.stringMatching(/^c\.json is neither a permalink nor JSON/),
    })
    expect(await readConfigInput('{"a":1}', "c.json")).toMatchObject({
      error: expect.stringMatching(/expected an edits array/),
    })
    expect(
      await readConfigInput(
        '[{"type":"clear_tool_uses_20250919","keep":5}]',
        "c.json"
      )
    ).toMatchObject({
      error: expect.stringMatching(
        /^c\.json: .*\(at context_management\.edits\.0\.keep\)/
      ),
    })
    expect(
      await readConfigInput("http://localhost:3000/s/abc123", "the permalink")
    ).toMatchObject({
      error: expect.stringMatching(/is a short link/),
    })
    expect(await readConfigInput("#v2.AAAA", "the permalink")).toMatchObject({
      error: expect.stringMatching(/^the permalink: /),
    })
  })
})

describe("--config with a file that is not a config", () => {
  it("says where it stopped reading and echoes nothing of it", async () => {
    const passwd = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin"
    const r = await readConfigInput(passwd, "/etc/passwd")
    expect(r).toEqual({
      error: "/etc/passwd is neither a permalink nor JSON",
    })
    const secret = await readConfigInput(
      '{"token": "sk-ant-secret" x}',
      "c.json"
    )
    expect(secret).toEqual({
      error:
        "c.json is neither a permalink nor JSON (not valid JSON at character 27)",
    })
  })
})
