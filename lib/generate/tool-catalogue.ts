import type { ToolDefinition } from "@/lib/import/types"

import { pick, randomInt, type Random } from "./prng"
import { codeProducer, sourcePath } from "./text/code"
import type { Producer } from "./text/fill"
import { markdownProducer, proseProducer, sentence } from "./text/prose"
import { SOFTWARE } from "./text/vocab"

/** How one custom tool is called and what its result looks like. */
export interface CustomToolSpec {
  definition: ToolDefinition
  /** Relative share of the size budget one result of this tool gets. */
  sizeFactor: number
  input(random: Random): Record<string, unknown>
  result(random: Random, input: Record<string, unknown>): Producer
}

const str = (description: string) => ({ type: "string", description })

function schema(
  properties: Record<string, unknown>,
  required: string[]
): Record<string, unknown> {
  return { type: "object", properties, required }
}

const readFile: CustomToolSpec = {
  definition: {
    name: "read_file",
    description: "Read a file from the repository and return its contents.",
    input_schema: schema(
      { path: str("Path relative to the repository root") },
      ["path"]
    ),
  },
  sizeFactor: 1.4,
  input: (random) => ({
    path:
      random() < 0.15
        ? `docs/${pick(random, SOFTWARE.noun).replace(/ /g, "-")}.md`
        : sourcePath(random),
  }),
  result: (random, input) => {
    const path = String(input.path)
    return path.endsWith(".md")
      ? markdownProducer(
          random,
          SOFTWARE,
          `The ${path.slice(5, -3).replace(/-/g, " ")}`
        )
      : codeProducer(random, path)
  },
}

const grep: CustomToolSpec = {
  definition: {
    name: "grep",
    description:
      "Search the repository for a regular expression; returns matching lines.",
    input_schema: schema(
      { pattern: str("Regular expression"), path: str("Directory to search") },
      ["pattern"]
    ),
  },
  sizeFactor: 0.6,
  input: (random) => ({
    pattern: `${pick(random, SOFTWARE.verb)}${pick(random, ["Cache", "Session", "Token", "Queue", "Retry"])}\\(`,
    path: pick(random, ["src", "packages", "services", "app"]),
  }),
  result: (random, input) => {
    const word = String(input.pattern).replace(/\\\($/, "")
    return () => {
      const file = sourcePath(random)
      const line = randomInt(random, 3, 900)
      const code = pick(random, [
        `const result = await ${word}(input, { retries: ${randomInt(random, 1, 5)} })`,
        `export function ${word}(${pick(random, ["session", "token", "job"])}: Options) {`,
        `  // ${sentence(random, SOFTWARE)}`,
        `    if (!${word}(entry)) continue`,
        `  return ${word}(payload).then((res) => res.${pick(random, ["data", "items", "rows"])})`,
      ])
      return `${file}:${line}:${code}\n`
    }
  },
}

const runTests: CustomToolSpec = {
  definition: {
    name: "run_tests",
    description:
      "Run the test suite (optionally filtered) and return the runner output.",
    input_schema: schema({ filter: str("Test name or file pattern") }, [
      "filter",
    ]),
  },
  sizeFactor: 0.9,
  input: (random) => ({ filter: sourcePath(random).replace(/\.(ts|py)$/, "") }),
  result: (random) => {
    let header = true
    return () => {
      if (header) {
        header = false
        return `> vitest run\n\n RUN  v4.1.12 /workspace\n\n`
      }
      const file = sourcePath(random).replace(/\.(ts|py)$/, ".test.ts")
      if (random() < 0.82) {
        return ` ✓ ${file} (${randomInt(random, 2, 40)} tests) ${randomInt(random, 3, 900)}ms\n`
      }
      return (
        ` ✗ ${file} > ${sentence(random, SOFTWARE).slice(0, 70)}\n` +
        `   AssertionError: expected ${randomInt(random, 0, 99)} to be ${randomInt(random, 100, 999)}\n` +
        `    ❯ ${file}:${randomInt(random, 10, 400)}:${randomInt(random, 3, 40)}\n\n`
      )
    }
  },
}

const listFiles: CustomToolSpec = {
  definition: {
    name: "list_files",
    description: "List the files under a directory, one path per line.",
    input_schema: schema({ path: str("Directory to list") }, ["path"]),
  },
  sizeFactor: 0.3,
  input: (random) => ({
    path: pick(random, ["src", "src/server", "packages/core", "services"]),
  }),
  result: (random) => () =>
    `${sourcePath(random)}  ${randomInt(random, 1, 48)}.${randomInt(random, 0, 9)} KB\n`,
}

const BUILT_IN: Record<string, CustomToolSpec> = {
  read_file: readFile,
  grep,
  run_tests: runTests,
  list_files: listFiles,
}

/** The spec for a custom tool name; unknown names get a prose-returning tool. */
export function customToolSpec(name: string): CustomToolSpec {
  const known = BUILT_IN[name]
  if (known) return known
  return {
    definition: {
      name,
      description: `Custom tool \`${name}\` (synthetic): answers a query with text.`,
      input_schema: schema({ query: str("What to look up") }, ["query"]),
    },
    sizeFactor: 1,
    input: (random) => ({
      query: `${pick(random, SOFTWARE.adjective)} ${pick(random, SOFTWARE.nouns)}`,
    }),
    result: (random) => proseProducer(random, SOFTWARE),
  }
}

/** Default custom tools and their call weights. */
export const DEFAULT_TOOL_MIX: ReadonlyArray<{ name: string; weight: number }> =
  [
    { name: "read_file", weight: 4 },
    { name: "grep", weight: 3 },
    { name: "run_tests", weight: 2 },
    { name: "list_files", weight: 1 },
  ]

/** Server tool definition for web search (docs example). */
export const WEB_SEARCH_TOOL: ToolDefinition = {
  type: "web_search_20250305",
  name: "web_search",
}

/** Memory tool definition (memory_20250818). */
export const MEMORY_TOOL: ToolDefinition = {
  type: "memory_20250818",
  name: "memory",
}
