import { readFileSync } from "node:fs"
import { join } from "node:path"

import { describe, expect, it } from "vitest"

import { COUNT_TOKENS_PARAMS, CREATE_PARAMS } from "./sdk-params"

// The installed SDK's declaration of the beta Messages params.
const sdkDir = join(__dirname, "../../node_modules/@anthropic-ai/sdk")
const dts = readFileSync(
  join(sdkDir, "resources/beta/messages/messages.d.ts"),
  "utf8"
)

/** Top-level field names of `export interface <name> { … }` (4-space members). */
function fieldsOf(name: string): string[] {
  const start = dts.indexOf(`export interface ${name} `)
  expect(start, name).toBeGreaterThanOrEqual(0)
  const body = dts.slice(start, dts.indexOf("\n}", start))
  return [...body.matchAll(/^ {4}(\w+)\??:/gm)].map((m) => m[1]!)
}

describe("SDK parameter lists", () => {
  it("match @anthropic-ai/sdk's MessageCreateParams (update sdk-params.ts after an SDK upgrade)", () => {
    const sdk = [
      ...fieldsOf("MessageCreateParamsBase"),
      "stream", // declared on the streaming / non-streaming variants
    ].filter((f) => f !== "betas")
    expect([...CREATE_PARAMS].sort()).toEqual([...new Set(sdk)].sort())
  })

  it("match @anthropic-ai/sdk's MessageCountTokensParams", () => {
    const sdk = fieldsOf("MessageCountTokensParams").filter(
      (f) => f !== "betas"
    )
    expect([...COUNT_TOKENS_PARAMS].sort()).toEqual(sdk.sort())
  })
})
