// @ts-check

/**
 * Next.js config. Monaco's workers are bundled by Turbopack from local files
 * (see lib/monaco/setup.ts), so nothing is fetched from a CDN.
 * @type {import("next").NextConfig}
 */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Type errors are caught by `npm run typecheck` (tsc --noEmit over the whole
  // repo, tests included), which runs first in `npm test`; checking again
  // during `next build` only costs time on 2 cores.
  typescript: { ignoreBuildErrors: true },
  // The database clients (libsql ships a native binary) stay out of the bundle.
  serverExternalPackages: ["@libsql/client", "pg"],
  // `.next/standalone`: a self-contained server (only the node_modules it
  // uses) for the Dockerfile and replicas; `server.mjs` runs it.
  output: "standalone",
  // Every response, static files included: no MIME sniffing, no full URL
  // in the Referer. The CSP (with a per-request nonce) and the framing rule
  // are set per response in proxy.ts; files under /_next, which it skips,
  // may not be framed either.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          // Links out of the playground never carry its path (a short link's id).
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      {
        source: "/_next/:path*",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ]
  },
}

export default nextConfig
