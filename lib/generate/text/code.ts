import { pick, randomInt, type Random } from "../prng"
import type { Producer } from "./fill"
import { SOFTWARE } from "./vocab"

const VERBS = SOFTWARE.verb
const NOUNS = [
  "cache",
  "request",
  "session",
  "token",
  "queue",
  "worker",
  "record",
  "event",
  "job",
  "entry",
  "header",
  "config",
  "snapshot",
  "batch",
  "user",
  "index",
  "payload",
  "result",
  "buffer",
  "route",
  "schema",
  "lock",
]
const TYPES = ["string", "number", "boolean", "string[]", "Date", "Uint8Array"]

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** camelCase identifier such as `flushStaleCache`. */
function identifier(random: Random): string {
  const noun = pick(random, NOUNS)
  return random() < 0.5
    ? `${pick(random, VERBS)}${capital(noun)}`
    : `${pick(random, VERBS)}${capital(pick(random, NOUNS))}${capital(noun)}`
}

function tsStatement(random: Random, indent: string): string {
  const a = pick(random, NOUNS)
  const b = pick(random, NOUNS)
  switch (randomInt(random, 0, 7)) {
    case 0:
      return `${indent}const ${a}Count = ${b}s.filter((item) => item.${pick(random, ["active", "dirty", "expired", "pending"])}).length`
    case 1:
      return `${indent}if (!${a}) throw new Error(\`missing ${a} for \${${b}.id}\`)`
    case 2:
      return `${indent}const ${a} = await this.${identifier(random)}(${b}, { timeoutMs: ${randomInt(random, 1, 30) * 100} })`
    case 3:
      return `${indent}for (const ${a} of ${b}s) {\n${indent}  ${a}.updatedAt = now\n${indent}}`
    case 4:
      return `${indent}// ${capital(pick(random, SOFTWARE.verb))} the ${a} before the ${b} is ${pick(random, SOFTWARE.verbed)}; see #${randomInt(random, 100, 9999)}.`
    case 5:
      return `${indent}this.metrics.increment("${a}.${pick(random, SOFTWARE.verbed)}", { ${b}: ${b}.id })`
    case 6:
      return `${indent}const ${a}Key = \`\${${b}.tenantId}:${a}:\${${b}.version}\``
    default:
      return `${indent}return { ...${a}, ${b}: ${b}.id, retries: ${a}.retries + 1 }`
  }
}

function tsFunction(random: Random): string {
  const name = identifier(random)
  const param = pick(random, NOUNS)
  const lines = [
    `/** ${capital(pick(random, SOFTWARE.verb))}s the ${param} and reports what changed. */`,
    `export async function ${name}(${param}: ${capital(param)}, options: ${capital(name)}Options = {}): Promise<${capital(param)}Result> {`,
  ]
  for (let i = randomInt(random, 3, 9); i > 0; i--)
    lines.push(tsStatement(random, "  "))
  lines.push("}")
  return `${lines.join("\n")}\n\n`
}

function tsInterface(random: Random): string {
  const name = capital(pick(random, NOUNS))
  const lines = [
    `export interface ${name}${capital(pick(random, ["options", "state", "record", "event"]))} {`,
  ]
  for (let i = randomInt(random, 3, 7); i > 0; i--) {
    lines.push(
      `  /** ${capital(pick(random, SOFTWARE.adjective))} ${pick(random, NOUNS)} used by the ${pick(random, NOUNS)}. */`
    )
    lines.push(
      `  ${pick(random, NOUNS)}${capital(pick(random, NOUNS))}${random() < 0.3 ? "?" : ""}: ${pick(random, TYPES)}`
    )
  }
  lines.push("}")
  return `${lines.join("\n")}\n\n`
}

function pyFunction(random: Random): string {
  const name = identifier(random).replace(
    /[A-Z]/g,
    (c) => `_${c.toLowerCase()}`
  )
  const param = pick(random, NOUNS)
  const lines = [
    `def ${name}(${param}, *, timeout=${randomInt(random, 1, 60)}):`,
    `    """${capital(pick(random, SOFTWARE.verb))} the ${param}; ${pick(random, SOFTWARE.adjective)} ${pick(random, SOFTWARE.nouns)} are skipped."""`,
  ]
  for (let i = randomInt(random, 3, 8); i > 0; i--) {
    const a = pick(random, NOUNS)
    const b = pick(random, NOUNS)
    lines.push(
      pick(random, [
        `    ${a}s = [${b} for ${b} in ${param}.${b}s if ${b}.is_${pick(random, ["active", "stale", "valid"])}]`,
        `    if not ${a}:\n        raise ValueError(f"missing ${a} for {${param}.id}")`,
        `    logger.debug("${pick(random, SOFTWARE.verbed)} %s ${a}s", len(${b}s))`,
        `    ${a} = self.${pick(random, VERBS)}_${b}(${param}, retries=${randomInt(random, 1, 5)})`,
        `    # ${capital(pick(random, SOFTWARE.verb))} before ${pick(random, SOFTWARE.verb)}ing: the ${a} may be ${pick(random, SOFTWARE.adjective)}.`,
      ])
    )
  }
  lines.push(`    return ${pick(random, NOUNS)}`)
  return `${lines.join("\n")}\n\n`
}

/** Endless source file for `path` (TypeScript or Python by extension). */
export function codeProducer(random: Random, path: string): Producer {
  const python = path.endsWith(".py")
  let header = true
  return () => {
    if (header) {
      header = false
      return python
        ? `"""${capital(pick(random, NOUNS))} ${pick(random, SOFTWARE.noun)} helpers."""\nimport logging\nfrom dataclasses import dataclass\n\nlogger = logging.getLogger(__name__)\n\n`
        : `import { ${capital(pick(random, NOUNS))}Store } from "./${pick(random, NOUNS)}-store"\nimport type { ${capital(pick(random, NOUNS))} } from "../types"\n\n`
    }
    if (python) return pyFunction(random)
    return random() < 0.25 ? tsInterface(random) : tsFunction(random)
  }
}

/** Plausible repository path for a source file. */
export function sourcePath(random: Random): string {
  const dir = pick(random, [
    "src/server",
    "src/lib",
    "src/workers",
    "packages/core/src",
    "services/billing",
    "app/api",
  ])
  const ext = random() < 0.7 ? "ts" : "py"
  const name = `${pick(random, NOUNS)}-${pick(random, NOUNS)}`
  return `${dir}/${ext === "py" ? name.replace("-", "_") : name}.${ext}`
}
