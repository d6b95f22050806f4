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

  it("reads --example, which names its own folder", () => {
    expect(parseReportArgs(["--example", "--json"])).toMatchObject({
      example: true,
      dir: null,
      json: true,
    })
    expect(parseReportArgs([])).toMatchObject({ example: false })
    expect(parseReportArgs(["logs", "--example"])).toEqual({
      error: "--example reads the example folder: name no folder with it",
    })
  })
})

describe("npm run report's bill-only and date options", () => {
  it("reads --no-replay, --since and --until in either day form", () => {
    expect(parseReportArgs([])).toMatchObject({
      replay: true,
      since: null,
      until: null,
    })
    expect(
      parseReportArgs([
        "--no-replay",
        "--since",
        "20261001",
        "--until=2026-10-31",
      ])
    ).toMatchObject({
      replay: false,
      since: "2026-10-01",
      until: "2026-10-31",
    })
  })

  it("refuses a day that is not one, and a range that ends before it starts", () => {
    expect(parseReportArgs(["--since", "2026-02-30"])).toEqual({
      error: "--since takes a day: YYYY-MM-DD or YYYYMMDD",
    })
    expect(
      parseReportArgs(["--since", "20261101", "--until", "20261001"])
    ).toEqual({
      error: "--since 2026-11-01 is after --until 2026-10-01",
    })
  })
})
