// Runs the share benchmark through vitest, which strips TypeScript and
// resolves the @/ alias (Node 20 cannot), so the bench imports the real
// codec instead of a copy. Not part of `npm run test:unit`.
import { fileURLToPath } from "node:url"

import { defineConfig } from "vitest/config"

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL("../../", import.meta.url)) },
  },
  test: {
    root: fileURLToPath(new URL("../../", import.meta.url)),
    environment: "node",
    include: ["bench/share/**/*.bench.ts"],
    testTimeout: 120_000,
  },
})
