// Runs before every page and route (Next's Proxy, formerly middleware):
// gives each response a fresh CSP nonce and the framing rule for its path.
// Next reads the nonce from the request's Content-Security-Policy header
// and puts it on its own scripts; the layout and /s/<id> read `x-nonce`
// for theirs. A nonce makes every page render per request (see README,
// "Security headers"). Static files (_next/static) are left out; they get
// nosniff from next.config.js.
import { NextResponse, type NextRequest } from "next/server"

import {
  contentSecurityPolicy,
  createNonce,
  isFrameable,
} from "@/lib/server/security-headers"

export function proxy(request: NextRequest) {
  const nonce = createNonce()
  const frameable = isFrameable(
    request.nextUrl.pathname,
    request.nextUrl.searchParams
  )
  const csp = contentSecurityPolicy({
    nonce,
    frameable,
    dev: process.env.NODE_ENV === "development",
  })
  const headers = new Headers(request.headers)
  headers.set("x-nonce", nonce)
  headers.set("content-security-policy", csp)
  const response = NextResponse.next({ request: { headers } })
  response.headers.set("Content-Security-Policy", csp)
  if (!frameable) response.headers.set("X-Frame-Options", "DENY")
  return response
}

export const config = {
  matcher: ["/((?!_next/static|_next/image).*)"],
}
