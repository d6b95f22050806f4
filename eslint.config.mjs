// ESLint flat config: Next's core-web-vitals + typescript-eslint, plus the
// boundary rule that keeps lib/ free of React, Next and the DOM (STYLE.md).
import nextVitals from "eslint-config-next/core-web-vitals"
import nextTs from "eslint-config-next/typescript"
import tseslint from "typescript-eslint"

const libImportBan = {
  patterns: [
    {
      group: ["react", "react/*", "react-dom", "react-dom/*"],
      message:
        "lib/ is UI-free: move React code to components/ and pass data into lib/ functions instead.",
    },
    {
      group: ["next", "next/*"],
      message:
        "lib/ must not depend on Next.js: keep framework code in app/ (routes) or components/, and call lib/ from there.",
    },
    {
      group: ["@/components", "@/components/*", "@/app", "@/app/*"],
      message:
        "lib/ may not import from components/ or app/: move the shared code into lib/ and import it from both sides.",
    },
    {
      group: ["zustand/*", "!zustand/vanilla", "!zustand/middleware"],
      message:
        "Use `zustand/vanilla` in lib/ (React-free store); only components/playground/store/playground-store-provider.tsx binds it to React.",
    },
  ],
  paths: [
    {
      name: "zustand",
      message:
        "Use `zustand/vanilla` in lib/ (React-free store); only components/playground/store/playground-store-provider.tsx binds it to React.",
    },
  ],
}

const domGlobalsBan = [
  {
    name: "window",
    message:
      "lib/ runs in Node, workers and tests: take what you need from window as a function argument.",
  },
  {
    name: "document",
    message:
      "lib/ must not touch the DOM: return data and let a component render it.",
  },
  {
    name: "localStorage",
    message:
      "lib/ must not persist by itself: accept a storage object as an argument (see lib/state).",
  },
]

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "data/**",
      ".scratch/**",
      "next-env.d.ts",
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", libImportBan],
      "no-restricted-globals": ["error", ...domGlobalsBan],
    },
  },
  {
    // Scripts and tests may print.
    files: ["bench/**", "e2e/**", ".ci/**", "scripts/**", "**/*.test.ts"],
    rules: { "no-console": "off" },
  }
)
