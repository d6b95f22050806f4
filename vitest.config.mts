import { fileURLToPath } from "node:url"

import { defineConfig } from "vitest/config"

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL("./", import.meta.url)) },
  },
  test: {
    environment: "node",
    include: [
      "lib/**/*.test.ts",
      "app/**/*.test.ts",
      "components/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    exclude: ["node_modules", ".next", "e2e"],
    testTimeout: 30_000,
    // CI reads the JSON report to print the closing "N passed, N failed" line.
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: "reports/unit-results.json" }]]
      : ["default"],
  },
})
