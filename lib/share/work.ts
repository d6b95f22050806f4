/**
 * What a request will cost the page, measured before it is simulated or
 * rendered. The decoder's bounds (limits.ts) measure bytes, depth and JSON
 * values; a 4.5 KB link can stay under all of them and still decode to
 * 50,000 one-character text blocks, each of which becomes an editor line,
 * a simulated block and a list row. These bounds count that work.
 */

/** How much a request asks of the page. */
export interface RequestWork {
  messages: number
  /** Content blocks (a string `content` or `system` counts as one). */
  blocks: number
  /** Characters of text in the request's strings. */
  chars: number
}

/** Most work a link or import may ask of the page. */
export interface WorkLimits {
  maxMessages: number
  maxBlocks: number
  maxChars: number
}

/**
 * Twice the largest real sessions the page is built for: a 1M-token agent
 * session with 2,000 tool uses has about 4,000 messages and 4,000 to 8,000
 * blocks (bench/engine), and the decoder caps text at 16 MB.
 */
export const WORK_LIMITS: WorkLimits = {
  maxMessages: 10_000,
  maxBlocks: 20_000,
  maxChars: 16 * 1024 * 1024,
}

function contentBlocks(content: unknown): number {
  if (Array.isArray(content)) return content.length
  return content === undefined || content === null ? 0 : 1
}

/** Total length of the strings in `value` (iterative: no recursion depth). */
function textChars(value: unknown, stopAt: number): number {
  let chars = 0
  const stack: unknown[] = [value]
  while (stack.length > 0 && chars <= stopAt) {
    const v = stack.pop()
    if (typeof v === "string") chars += v.length
    else if (Array.isArray(v)) for (const x of v) stack.push(x)
    else if (typeof v === "object" && v !== null)
      for (const x of Object.values(v)) stack.push(x)
  }
  return chars
}

/** Counts messages, blocks and characters of a Messages API request. */
export function measureRequestWork(
  request: unknown,
  limits: WorkLimits = WORK_LIMITS
): RequestWork {
  const body =
    typeof request === "object" && request !== null
      ? (request as { messages?: unknown; system?: unknown })
      : {}
  const messages = Array.isArray(body.messages) ? body.messages : []
  let blocks = contentBlocks(body.system)
  for (const m of messages) {
    const content =
      typeof m === "object" && m !== null
        ? (m as { content?: unknown }).content
        : undefined
    blocks += contentBlocks(content)
  }
  return {
    messages: messages.length,
    blocks,
    chars: textChars(request, limits.maxChars),
  }
}

const fmt = (n: number) => n.toLocaleString("en-US")

/**
 * Null when the page can open the request; otherwise a message that says
 * what is over which limit (written for the user, located by the number).
 */
export function workOverLimit(
  request: unknown,
  limits: WorkLimits = WORK_LIMITS
): string | null {
  const work = measureRequestWork(request, limits)
  if (work.blocks > limits.maxBlocks)
    return `It holds ${fmt(work.blocks)} content blocks in ${fmt(work.messages)} messages; the page opens at most ${fmt(limits.maxBlocks)} blocks.`
  if (work.messages > limits.maxMessages)
    return `It holds ${fmt(work.messages)} messages; the page opens at most ${fmt(limits.maxMessages)}.`
  if (work.chars > limits.maxChars)
    return `It holds more than ${fmt(limits.maxChars)} characters of text; the page opens at most that.`
  return null
}
