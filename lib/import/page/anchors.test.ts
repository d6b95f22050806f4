import { describe, expect, it } from "vitest"

import { findCurlAnchors } from "./anchors"

// The anchor patterns read each line once (atomic groups): the commands a
// page holds still anchor where the shell would run curl, and long lines of
// keywords and assignments no longer cost a cubic search to refuse.

const anchored = (line: string) => findCurlAnchors(`${line}curl -d '{}'`)

describe("curl anchors", () => {
  it.each([
    "",
    "$ ",
    "  > ",
    "12  ",
    "user@host:~/dir$ ",
    "(venv) $ ",
    "PS C:\\x> ",
    "sudo ",
    "FOO=bar BAZ='a b' ",
    "FOO=bar && ",
    "env A=1 sudo B=2 ",
    "sudo true; ",
    "cd /tmp && FOO=1 ",
    "if ! ",
    "exec { 12 ; ",
    'export X="$(',
    "cat body.json | ",
  ])("anchors after %j", (prefix) => {
    expect(anchored(prefix)).toHaveLength(1)
  })

  it.each(["use ", "Then run ", "a | b | ", "x=1 y "])(
    "prose before curl is no anchor: %j",
    (prefix) => {
      expect(anchored(prefix)).toEqual([])
    }
  )

  it("one anchor per line, at the first command position", () => {
    expect(findCurlAnchors("curl a curl b\n$ curl c")).toEqual([
      { lineStart: 0, at: 0, inSubst: false },
      { lineStart: 14, at: 16, inSubst: false },
    ])
  })

  it("a 512 KB page of keyword runs before curl is read (a hang fails by the time-out)", () => {
    const line = `${"env A=1 ".repeat(20)}${"x curl ".repeat(20)}\n`
    expect(findCurlAnchors(line.repeat(512 * 4))).toEqual([])
  })
})
