import { describe, expect, it } from "vitest"

import { parseReportArgs } from "./cli-args"

describe("npm run report's arguments", () => {
  it("reads the folder and the options", () => {
    expect(
      parseReportArgs([
        "logs",
        "--config",
        "c.json",
        "--json",
        "--no-tune",
        "--workers",
        "2",
      ])
    ).toMatchObject({
      dir: "logs",
      config: "c.json",
      json: true,
      tune: false,
      workers: 2,
    })
    expect(parseReportArgs([])).toMatchObject({
      dir: null,
      config: null,
      json: false,
      tune: true,
    })
    expect(parseReportArgs(["--config=#v2.abc"])).toMatchObject({
      config: "#v2.abc",
    })
  })

  it("says what is wrong with bad input", () => {
    expect(parseReportArgs(["--bogus"])).toMatchObject({
      error: expect.stringMatching(/Unknown option --bogus/),
    })
    expect(parseReportArgs(["--workers", "0"])).toEqual({
      error: "--workers takes a whole number ≥ 1",
    })
    expect(parseReportArgs(["--config"])).toEqual({
      error: "--config needs a value",
    })
    expect(parseReportArgs(["a", "b"])).toMatchObject({
      error: expect.stringMatching(/One folder at a time/),
    })
  })
})
