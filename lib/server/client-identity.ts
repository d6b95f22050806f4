// Who a request comes from, for rate limits, and which origin links are
// built on: decided only from what the connection itself or a configured
// number of trusted proxies says, never from a header the client writes.
//
// What Next adds (node_modules/next/dist/server/base-server.js, 16.4): it
// sets `x-forwarded-for` to the socket's address ONLY when the request has
// no such header (`??=`), and `x-forwarded-host` to the Host header likewise.
// It never appends. So with no proxy in front, a client that sends its own
// `X-Forwarded-For: <anything>` hides its address from the route handlers
// completely, and any rule reading that header can be farmed by rotating it.
// The connection's address therefore comes from the server entry
// (`server.mjs`), which stamps it into a header whose name is random per
// process (`PLAYGROUND_PEER_HEADER`, set by that entry in this process's
// env) after deleting anything the client sent under that name.

type Env = Record<string, string | undefined>

/** The env variable holding the name of the stamped connection-address header. */
export const PEER_HEADER_ENV = "PLAYGROUND_PEER_HEADER"

/** The identity every request shares when the connection's address is unknown. */
export const UNATTRIBUTED = "unattributed"

/**
 * `TRUSTED_PROXY_HOPS`: how many proxies in front of the server append to
 * `X-Forwarded-For` (a load balancer: 1). Default 0: nothing the request
 * carries is trusted. Anything but a whole number 0–16 counts as 0.
 */
export function trustedProxyHops(env: Env = process.env): number {
  const n = Number(env.TRUSTED_PROXY_HOPS ?? "0")
  return Number.isInteger(n) && n >= 0 && n <= 16 ? n : 0
}

/** The comma-separated entries of a forwarding header, in order. */
function entries(value: string | null): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
}

/** Expands an IPv6 address into its 8 hextets, or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  if (!/^[\da-f:]+$/i.test(address) || !address.includes(":")) return null
  const [head = "", tail, ...rest] = address.split("::")
  if (rest.length > 0) return null
  const left = head ? head.split(":") : []
  const right = tail ? tail.split(":") : []
  const fill = tail === undefined ? 0 : 8 - left.length - right.length
  // `::` stands for one group of zeros or more: none left is malformed
  // (`1:2:3:4:5:6:7:8::9` once made a negative array length and a 500).
  if (tail !== undefined && fill < 1) return null
  const groups = [...left, ...Array<string>(fill).fill("0"), ...right]
  return groups.length === 8 &&
    groups.every((g) => g.length >= 1 && g.length <= 4)
    ? groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    : null
}

/**
 * One client's key for an address: IPv4 as is (an IPv4-mapped IPv6 address
 * as its IPv4, a port dropped), IPv6 by its /64 network, which one
 * subscriber holds whole (rotating inside it must not buy a new quota).
 */
export function normalizeAddress(raw: string): string {
  let address = raw.trim().toLowerCase()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address)
  if (bracketed) address = bracketed[1]!
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/.exec(address)
  if (v4) return v4[1]!
  const groups = ipv6Groups(address.split("%")[0]!)
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address
}

/**
 * The client a request is counted against.
 * - `TRUSTED_PROXY_HOPS=0` (default): the connection's address, as stamped
 *   by `server.mjs`; without that entry (`next dev`, a bare `next start`)
 *   every request shares one identity, never a header value.
 * - `TRUSTED_PROXY_HOPS=N`: the N-th `X-Forwarded-For` entry from the right
 *   (each trusted proxy appends the address it was connected from; what is
 *   left of them the client wrote). A request with fewer entries did not
 *   pass all the proxies: its leftmost entry is taken.
 */
export function clientIdentity(headers: Headers, env: Env = process.env) {
  const hops = trustedProxyHops(env)
  const peerHeader = env[PEER_HEADER_ENV]
  const peer = peerHeader ? headers.get(peerHeader) : null
  if (hops === 0) return peer ? normalizeAddress(peer) : UNATTRIBUTED
  const chain = entries(headers.get("x-forwarded-for"))
  const client = chain[Math.max(0, chain.length - hops)] ?? peer
  return client ? normalizeAddress(client) : UNATTRIBUTED
}

/** A bare `host[:port]` (no path, user or scheme), or null. */
function validHost(value: string | null | undefined): string | null {
  const host = value?.trim()
  return host && /^[\w.-]+(?::\d+)?$|^\[[\da-f:]+\](?::\d+)?$/i.test(host)
    ? host.toLowerCase()
    : null
}

/** `PUBLIC_ORIGIN` as an origin (`https://play.example.com`), or null when unset or not a URL. */
export function configuredOrigin(env: Env = process.env): string | null {
  const value = env.PUBLIC_ORIGIN?.trim()
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
      ? url.origin
      : null
  } catch {
    return null
  }
}

/**
 * The origin this request reached, for links the server hands out:
 * `PUBLIC_ORIGIN` when set; else, behind trusted proxies, the last
 * `X-Forwarded-Host` / `X-Forwarded-Proto` entry (what the nearest proxy
 * set); else the request's own Host header over plain HTTP (the server
 * itself never terminates TLS). Never a client-written forwarding header.
 */
export function requestOrigin(request: Request, env: Env = process.env) {
  const configured = configuredOrigin(env)
  if (configured) return configured
  const headers = request.headers
  const fallback = new URL(request.url)
  if (trustedProxyHops(env) > 0) {
    const host = validHost(entries(headers.get("x-forwarded-host")).at(-1))
    const proto = entries(headers.get("x-forwarded-proto")).at(-1)
    if (host) return `${proto === "https" ? "https" : "http"}://${host}`
  }
  const host = validHost(headers.get("host")) ?? fallback.host
  return `http://${host}`
}

/**
 * The hosts a same-origin page of this app may name in its `Origin`
 * header: the request's own Host, the configured public origin's, and a
 * trusted proxy's `X-Forwarded-Host`.
 */
export function ownHosts(request: Request, env: Env = process.env): string[] {
  const hosts = new Set<string>()
  const add = (h: string | null | undefined) => {
    const valid = validHost(h)
    if (valid) hosts.add(valid)
  }
  add(request.headers.get("host") ?? new URL(request.url).host)
  const configured = configuredOrigin(env)
  if (configured) add(new URL(configured).host)
  if (trustedProxyHops(env) > 0)
    add(entries(request.headers.get("x-forwarded-host")).at(-1))
  return [...hosts]
}
