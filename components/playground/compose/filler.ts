import {
  CHARS_PER_TOKEN,
  createRandom,
  paragraph,
  SOFTWARE,
} from "@/lib/generate"

/** Realistic filler prose of about `tokens` tokens (deterministic per seed). */
export function fillerText(tokens: number, seed = 7): string {
  const random = createRandom(seed)
  const target = Math.max(0, Math.round(tokens * CHARS_PER_TOKEN))
  const parts: string[] = []
  let length = 0
  while (length < target) {
    const p = paragraph(random, SOFTWARE)
    parts.push(p)
    length += p.length + 2
  }
  return parts.join("\n\n").slice(0, target)
}
