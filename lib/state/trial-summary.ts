/**
 * What a request holds, in a few words, for the message that says a check
 * of content from a link or an import stopped ("a request of 2.1 MB with
 * 1 PDF document and 3 images"): the parts that make a prediction slow.
 */

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v)

interface Counts {
  pdfs: number
  documents: number
  images: number
}

/** Counts the documents and images of content blocks (tool results' too). */
function countBlocks(content: unknown, counts: Counts): void {
  const stack: unknown[] = [content]
  while (stack.length > 0) {
    const v = stack.pop()
    if (Array.isArray(v)) {
      for (const b of v) stack.push(b)
      continue
    }
    if (!isObj(v)) continue
    if (v.type === "image") counts.images++
    else if (v.type === "document") {
      const source = isObj(v.source) ? v.source : {}
      if (source.type === "base64") counts.pdfs++
      else counts.documents++
    } else if (v.type === "tool_result") stack.push(v.content)
  }
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`

/** "a request of 2.1 MB with 1 PDF document and 3 images". */
export function describeContent(request: unknown, bytes: number): string {
  const counts: Counts = { pdfs: 0, documents: 0, images: 0 }
  const messages = isObj(request) ? request.messages : request
  if (Array.isArray(messages))
    for (const m of messages) if (isObj(m)) countBlocks(m.content, counts)
  const tools =
    isObj(request) && Array.isArray(request.tools) ? request.tools.length : 0
  const parts = [
    counts.pdfs && plural(counts.pdfs, "PDF document"),
    counts.documents && plural(counts.documents, "other document"),
    counts.images && plural(counts.images, "image"),
    tools && plural(tools, "tool"),
  ].filter((p): p is string => Boolean(p))
  const size =
    bytes >= 1e6
      ? `${(bytes / 1e6).toFixed(1)} MB`
      : `${Math.max(1, Math.round(bytes / 1e3))} KB`
  const last = parts.pop()
  const held = last
    ? ` with ${parts.length ? `${parts.join(", ")} and ${last}` : last}`
    : ""
  return `a request of ${size}${held}`
}
