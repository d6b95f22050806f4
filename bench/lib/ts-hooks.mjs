// Node module hooks that let plain `node` import the repo's TypeScript
// (Node 20 has no type stripping): resolves the "@/" alias and extensionless
// relative imports, and transpiles .ts with the installed TypeScript.
import { readFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"

import ts from "typescript"

const ROOT = new URL("../../", import.meta.url)

export async function resolve(specifier, context, next) {
  let spec = specifier
  if (spec.startsWith("@/")) spec = new URL(spec.slice(2), ROOT).href
  const local = spec.startsWith(".") || spec.startsWith("file:")
  if (!local || /\.(m?js|json|ts)$/.test(spec)) return next(spec, context)
  for (const suffix of [".ts", "/index.ts", ""]) {
    try {
      return await next(spec + suffix, context)
    } catch {
      // try the next candidate
    }
  }
  return next(spec, context)
}

export async function load(url, context, next) {
  if (!url.endsWith(".ts")) return next(url, context)
  const source = await readFile(fileURLToPath(url), "utf8")
  const out = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      isolatedModules: true,
    },
  })
  return { format: "module", source: out.outputText, shortCircuit: true }
}
