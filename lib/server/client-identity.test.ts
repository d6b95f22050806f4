import fc from "fast-check"
import { describe, expect, it } from "vitest"

import {
  clientIdentity,
  normalizeAddress,
  ownHosts,
  PEER_HEADER_ENV,
  requestOrigin,
  trustedProxyHops,
  UNATTRIBUTED,
} from "./client-identity"

const PEER = "x-playground-peer-test"

function identity(
  headers: Record<string, string>,
  env: Record<string, string | undefined> = {}
) {
  return clientIdentity(new Headers(headers), env)
}

describe("clientIdentity", () => {
  it("ignores X-Forwarded-For with no trusted proxy: a client cannot name itself", () => {
    const env = { [PEER_HEADER_ENV]: PEER }
    const rotated = ["1.1.1.1", "2.2.2.2", "3.3.3.3, 4.4.4.4"].map((xff) =>
      identity({ "x-forwarded-for": xff, [PEER]: "203.0.113.5" }, env)
    )
    expect(new Set(rotated)).toEqual(new Set(["203.0.113.5"]))
  })

  it("without the server entry's stamp every request shares one identity", () => {
    expect(identity({ "x-forwarded-for": "1.1.1.1" })).toBe(UNATTRIBUTED)
    expect(identity({ "x-real-ip": "1.1.1.1" })).toBe(UNATTRIBUTED)
    // The stamp's header name is random per process: a client guessing a
    // name the server does not use is ignored.
    expect(identity({ [PEER]: "1.1.1.1" })).toBe(UNATTRIBUTED)
  })

  it("behind N trusted proxies takes the N-th entry from the right", () => {
    const xff = { "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.2" }
    expect(identity(xff, { TRUSTED_PROXY_HOPS: "1" })).toBe("10.0.0.2")
    expect(identity(xff, { TRUSTED_PROXY_HOPS: "2" })).toBe("198.51.100.7")
    // Whatever the client wrote left of the proxies' entries is not used.
    const forged = { "x-forwarded-for": "9.9.9.9, 6.6.6.6, 198.51.100.7" }
    expect(identity(forged, { TRUSTED_PROXY_HOPS: "1" })).toBe("198.51.100.7")
  })

  it("a request that passed fewer proxies than configured falls back to its leftmost entry, then the connection", () => {
    const env = { TRUSTED_PROXY_HOPS: "3", [PEER_HEADER_ENV]: PEER }
    expect(identity({ "x-forwarded-for": "198.51.100.7" }, env)).toBe(
      "198.51.100.7"
    )
    expect(identity({ [PEER]: "203.0.113.5" }, env)).toBe("203.0.113.5")
  })

  it.each(["-1", "1.5", "x", "99"])(
    "reads TRUSTED_PROXY_HOPS=%s as 0",
    (value) => {
      expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: value })).toBe(0)
    }
  )
})

describe("normalizeAddress", () => {
  it.each([
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["203.0.113.5:4431", "203.0.113.5"],
    ["2001:db8:aa:bb:1:2:3:4", "2001:db8:aa:bb::/64"],
    ["[2001:db8:aa:bb::9]:443", "2001:db8:aa:bb::/64"],
    ["2001:DB8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s → %s", (raw, key) => {
    expect(normalizeAddress(raw)).toBe(key)
  })

  it.each([
    "1:2:3:4:5:6:7:8::9",
    "1:2:3:4::5:6:7:8",
    "::1:2:3:4:5:6:7:8",
    "1::2::3",
    ":::",
    "[::1:2:3:4:5:6:7:8:9]:80",
  ])(
    "keeps a malformed IPv6 address %j as its own key, never throws",
    (raw) => {
      expect(normalizeAddress(raw)).toBe(
        raw.toLowerCase().replace(/^\[|\](:\d+)?$/g, "")
      )
    }
  )

  it("never throws on any forwarded entry", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f:.[\]%]{0,48}$/),
        (raw) => typeof normalizeAddress(raw) === "string"
      ),
      { numRuns: 2000 }
    )
  })

  it("a malformed entry picked by too many trusted hops is an identity, not a 500", () => {
    const headers = new Headers({
      "x-forwarded-for": "1:2:3:4:5:6:7:8::9, 10.0.0.1",
    })
    expect(clientIdentity(headers, { TRUSTED_PROXY_HOPS: "5" })).toBe(
      "1:2:3:4:5:6:7:8::9"
    )
  })

  it("gives every address of one IPv6 /64 the same key", () => {
    expect(normalizeAddress("2001:db8:1:2::a")).toBe(
      normalizeAddress("2001:db8:1:2:ffff:eeee:dddd:cccc")
    )
  })
})

describe("requestOrigin", () => {
  const req = (headers: Record<string, string>) =>
    new Request("http://localhost:3000/api/share", { headers })

  it("uses the request's own Host, never a client's X-Forwarded-Host", () => {
    const r = req({ host: "127.0.0.1:3000", "x-forwarded-host": "evil.test" })
    expect(requestOrigin(r, {})).toBe("http://127.0.0.1:3000")
  })

  it("prefers PUBLIC_ORIGIN", () => {
    const r = req({ host: "10.0.0.5:3000", "x-forwarded-host": "evil.test" })
    expect(
      requestOrigin(r, { PUBLIC_ORIGIN: "https://play.example.com/ignored" })
    ).toBe("https://play.example.com")
  })

  it("behind a trusted proxy uses the host and scheme it set", () => {
    const r = req({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "play.example.com",
      "x-forwarded-proto": "https",
    })
    expect(requestOrigin(r, { TRUSTED_PROXY_HOPS: "1" })).toBe(
      "https://play.example.com"
    )
  })

  it("ignores a forwarded host that is not a bare host", () => {
    const r = req({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "evil.test/path?x",
    })
    expect(requestOrigin(r, { TRUSTED_PROXY_HOPS: "1" })).toBe(
      "http://10.0.0.5:3000"
    )
  })
})

describe("ownHosts", () => {
  it("names the Host header and PUBLIC_ORIGIN, and X-Forwarded-Host only behind a trusted proxy", () => {
    const r = new Request("http://localhost/", {
      headers: { host: "10.0.0.5:3000", "x-forwarded-host": "evil.test" },
    })
    expect(ownHosts(r, { PUBLIC_ORIGIN: "https://play.example.com" })).toEqual([
      "10.0.0.5:3000",
      "play.example.com",
    ])
    expect(ownHosts(r, { TRUSTED_PROXY_HOPS: "1" })).toContain("evil.test")
  })
})
