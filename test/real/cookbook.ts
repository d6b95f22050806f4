/**
 * The cookbook's research corpus (cookbook/research-corpus.json, kept byte
 * for byte as published: README.md there) as count_tokens artifacts: each
 * document sent as the one user message of a count_tokens request, with the
 * count the notebook recorded for it. Markdown with aligned, space-padded
 * tables: the real-traffic set's largest texts.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

import { featuresOf } from "./features"
import type { Artifact } from "./load"

/** The file's shape: the corpus and what the notebook recorded. */
interface ResearchCorpus {
  source: string
  model: string
  count_tokens_recorded: Record<string, number>
  documents: Record<string, string>
}

export const COOKBOOK_FILE = "cookbook/research-corpus.json"

/** One count_tokens artifact per recorded document (none without the file). */
export function cookbookArtifacts(dir: string): Artifact[] {
  const path = join(dir, COOKBOOK_FILE)
  if (!existsSync(path)) return []
  const corpus = JSON.parse(readFileSync(path, "utf8")) as ResearchCorpus
  const out: Artifact[] = []
  for (const [docPath, text] of Object.entries(corpus.documents)) {
    const name = docPath.split("/").pop() ?? docPath
    const recorded = corpus.count_tokens_recorded[name]
    if (recorded === undefined) continue
    const request = {
      model: corpus.model,
      messages: [{ role: "user", content: text }],
    }
    out.push({
      source: {
        repo: "anthropics/claude-cookbooks",
        commit: "e458ea74e6849e7f2a303f81d4ca04426eed88b7",
        path: "tool_use/context_engineering/research_corpus.py",
        note: `${corpus.source}; count_tokens of ${name} as the notebook printed it`,
      },
      kind: "count_tokens",
      model: corpus.model,
      request,
      real: { input_tokens: recorded },
      file: `${COOKBOOK_FILE}#${name}`,
      slug: `cookbook-${name.replace(/\.md$/, "")}`,
      features: featuresOf(request),
    })
  }
  return out
}
