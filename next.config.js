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
  // The short-link database client ships a native binary; keep it out of the bundle.
  serverExternalPackages: ["@libsql/client"],
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
  // The playground (which may hold a typed API key) is never framed by
  // another site; the read-only /embed card is made to be.
  async headers() {
    return [
      {
        source: "/",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors 'self'" },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
        ],
      },
      {
        source: "/embed",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors *" },
        ],
      },
    ]
  },
}

export default nextConfig
