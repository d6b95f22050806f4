// @ts-check
/**
 * Next.js config. Monaco's workers are bundled by Turbopack from local files
 * (see lib/monaco/setup.ts), so nothing is fetched from a CDN.
 * @type {import("next").NextConfig}
 */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The short-link database client ships a native binary; keep it out of the bundle.
  serverExternalPackages: ["@libsql/client"],
}

export default nextConfig
