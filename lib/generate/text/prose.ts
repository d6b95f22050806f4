import { pick, randomInt, type Random } from "../prng"
import type { Producer } from "./fill"
import type { Vocabulary } from "./vocab"

const SLOT = /\{(\w+)\}(s?)/g

/** "flush" → "flushes", "copy" → "copies", "cache" → "caches". */
function thirdPerson(verb: string): string {
  if (/(s|sh|ch|x|z)$/.test(verb)) return `${verb}es`
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`
  return `${verb}s`
}

/** One sentence from a template, slots filled from `vocab`. */
export function sentence(random: Random, vocab: Vocabulary): string {
  const template = pick(random, vocab.templates)
  const text = template.replace(SLOT, (_match, slot: string, s: string) => {
    const words = vocab[slot as keyof Vocabulary]
    const word = words && words.length > 0 ? pick(random, words) : slot
    if (s === "") return word
    return slot === "verb" ? thirdPerson(word) : `${word}s`
  })
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** A paragraph of `min`–`max` sentences. */
export function paragraph(
  random: Random,
  vocab: Vocabulary,
  min = 3,
  max = 6
): string {
  const count = randomInt(random, min, max)
  const sentences: string[] = []
  for (let i = 0; i < count; i++) sentences.push(sentence(random, vocab))
  return sentences.join(" ")
}

/** Endless Markdown document: headings, paragraphs, lists and small tables. */
export function markdownProducer(
  random: Random,
  vocab: Vocabulary,
  title: string
): Producer {
  let first = true
  return () => {
    if (first) {
      first = false
      return `# ${title}\n\n${paragraph(random, vocab)}\n\n`
    }
    const roll = random()
    if (roll < 0.15) return `## ${pick(random, vocab.headings)}\n\n`
    if (roll < 0.3) {
      const items: string[] = []
      for (let i = randomInt(random, 3, 6); i > 0; i--)
        items.push(`- ${sentence(random, vocab)}`)
      return `${items.join("\n")}\n\n`
    }
    if (roll < 0.38) return table(random, vocab)
    return `${paragraph(random, vocab)}\n\n`
  }
}

function table(random: Random, vocab: Vocabulary): string {
  const rows = [
    `| ${pick(random, vocab.headings)} | Value | Source |`,
    "|---|---|---|",
  ]
  for (let i = randomInt(random, 3, 6); i > 0; i--) {
    const source = `${pick(random, vocab.nouns)} report ${randomInt(random, 1, 40)}`
    rows.push(
      `| ${pick(random, vocab.noun)} | ${pick(random, vocab.number)} | ${source} |`
    )
  }
  return `${rows.join("\n")}\n\n`
}

/** Endless plain prose (paragraphs separated by blank lines). */
export function proseProducer(random: Random, vocab: Vocabulary): Producer {
  return () => `${paragraph(random, vocab)}\n\n`
}
