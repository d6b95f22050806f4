/**
 * The cookbook notebook's own strings and tool code, transcribed
 * (anthropics/claude-cookbooks `tool_use/context_engineering/
 * context_engineering_tools.ipynb`, cells 9, 10, 37 and 49; see README.md):
 * the task prompts, the system prompt, the tool definitions, and what each
 * tool returns for an input, so a rebuilt request holds the very results
 * the API saw.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"

/** The corpus the notebook's read_file serves (research-corpus.json). */
export interface Corpus {
  count_tokens_recorded: Record<string, number>
  model: string
  documents: Record<string, string>
}

export const CORPUS: Corpus = JSON.parse(
  readFileSync(join(__dirname, "research-corpus.json"), "utf8")
)

/** Cell 9: RESEARCH_TASK (the baseline, clearing and compaction runs). */
export const RESEARCH_TASK =
  "Compare the model organisms in /research/ on three dimensions:\n1. Lifespan and experimental throughput (how fast can you get a lifespan result?)\n2. Genetic tractability (what tools exist for manipulation and screening?)\n3. Translational relevance (how well do findings transfer to human aging?)\n\nWork through the organisms in two batches, recording a note after each\nbatch before moving on:\n\nBATCH 1 (high-throughput models): Read celegans_review.md,\ndrosophila_review.md, yeast_review.md, and killifish_review.md. Record a\nsingle detailed note covering all four organisms on all three dimensions.\nDo not begin Batch 2 until this note is recorded.\n\nBATCH 2 (low-throughput models): Read mouse_review.md,\nzebrafish_review.md, nmr_review.md, and rhesus_review.md. Record a\nsingle detailed note covering all four organisms on all three\ndimensions.\n\nAfter both batches, write a comprehensive comparative synthesis\ncontrasting the high-throughput and low-throughput models."

/** Cell 49: the "all three" run's task. */
export const COMBO_TASK =
  "Compare the model organisms in /research/ on lifespan, genetic\ntractability, and translational relevance.\n\nWork in two batches, recording a note after each batch before moving on.\nBatch 1 (high-throughput): read celegans_review.md, drosophila_review.md,\nyeast_review.md, killifish_review.md, then record a note. Batch 2\n(low-throughput): read mouse_review.md, zebrafish_review.md,\nnmr_review.md, rhesus_review.md, then record a note. Save a comparative\nsummary to /memories so future sessions can build on it. Finish with a\ndetailed synthesis."

/** Cell 9: SYSTEM_PROMPT. */
export const SYSTEM_PROMPT =
  "You are a biology research analyst writing a comparative review of model organisms for aging research.\n\nWork systematically: search and read review documents, take notes on key facts (lifespans, genetic tools, translational strengths and caveats), and build a comparative picture.\n\nBe concise in your reasoning text; the goal is notes, not essays."

/** Cell 9: BASE_TOOLS. */
export const BASE_TOOLS: Array<Record<string, unknown>> = [
  {
    name: "search_files",
    description:
      "Search document filenames and contents for a keyword. Returns matching paths with a short excerpt.",
    input_schema: {
      type: "object",
      properties: {
        query: {
          type: "string",
          description: "Search term",
        },
      },
      required: ["query"],
    },
  },
  {
    name: "read_file",
    description: "Read the full content of a document by path.",
    input_schema: {
      type: "object",
      properties: {
        path: {
          type: "string",
          description: "e.g. /research/celegans_review.md",
        },
      },
      required: ["path"],
    },
  },
  {
    name: "record_finding",
    description:
      "Record a research finding (freeform text). Findings are held for the duration of this session only; they are not persisted across sessions.",
    input_schema: {
      type: "object",
      properties: {
        finding: {
          type: "string",
        },
      },
      required: ["finding"],
    },
  },
]

/** Cell 9: MEMORY_TOOL_SPEC (added when a memory handler is passed). */
export const MEMORY_TOOL = {
  type: "memory_20250818",
  name: "memory",
}

/** Cell 10, search_files: the first matching line of each document, or none. */
export function searchFiles(query: string): string {
  const q = query.toLowerCase()
  if (!q) return "Error: query is required."
  const hits: string[] = []
  for (const [path, content] of Object.entries(CORPUS.documents)) {
    if (!path.toLowerCase().includes(q) && !content.toLowerCase().includes(q))
      continue
    const line = content.split("\n").find((l) => l.toLowerCase().includes(q))
    hits.push(
      line === undefined
        ? `  ${path}`
        : `  ${path}\n    → ${line.trim().slice(0, 120)}`
    )
  }
  return hits.length
    ? `Found ${hits.length} match(es):\n${hits.join("\n")}`
    : `No matches for '${q}'.`
}

/** Cell 10, read_file: the document itself. */
export function readFile(path: string): string {
  const doc = CORPUS.documents[path]
  if (doc === undefined) throw new Error(`not in the corpus: ${path}`)
  return doc
}

/** Cell 10, record_finding: the n-th finding of the session. */
export const recordFinding = (n: number): string =>
  `Finding #${n} recorded (session-local).`

/** Cell 37, MemoryToolHandler: what each command returns. */
export const memoryResult = {
  /** `view` of an empty /memories (the handler's fresh temp dir exists). */
  viewEmptyDir: "(empty directory)",
  viewDir: (names: string[]) => [...names].sort().join("\n"),
  /** `view` of a file: its lines, numbered. */
  viewFile: (text: string) =>
    text
      .split("\n")
      .map((line, i) => `${String(i + 1).padStart(4)}\t${line}`)
      .join("\n"),
  create: (path: string) => `Created ${path}`,
  strReplace: (path: string) => `Replaced in ${path}`,
}
