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
  // The engine's extensions (a PDF reader, a JSON Schema validator) stay out
  // of the browser's first-load JS: there the module that installs them on
  // import is empty, and the page loads them after the first paint
  // (lib/extensions/README.md). Node, tests and the server get them on import.
  // The page's own modules (those /embed does not share) stay one chunk:
  // past Turbopack's default 50,000 the group is split in two halves, each
  // compressed on its own (≈0.6 KB more gzip in the first-load JS, measured
  // with `npm run bench page`; docs/tokens.md, "In the browser").
  experimental: { turbopackChunking: { minChunkSize: 60000 } },
  turbopack: {
    resolveAlias: {
      "@/lib/extensions/auto": { browser: "./lib/extensions/none.ts" },
    },
  },
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
