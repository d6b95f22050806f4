/**
 * HTML-ish text (a page's source, a copy that kept its markup): the text a
 * browser would show, so the commands in `<pre><code>` blocks read as
 * typed. Tags are dropped (`<br>` and block ends become line breaks) and
 * entities decoded. One pass.
 */

/** Whether the text carries markup around its code. */
export function looksHtml(text: string): boolean {
  return /<(?:pre|code|div|span|p|br|td|li)\b[^<>]*>|&(?:quot|#34|#39|#x27|apos|lt|gt|amp|nbsp);/i.test(
    text
  )
}

const NAMED: Record<string, string> = {
  quot: '"',
  apos: "'",
  lt: "<",
  gt: ">",
  amp: "&",
  nbsp: " ",
}

const codePoint = (n: number) =>
  String.fromCodePoint(n > 0 && n <= 0x10ffff ? n : 0xfffd)

function decode(entity: string): string {
  if (/^#x/i.test(entity))
    return codePoint(Number.parseInt(entity.slice(2), 16))
  if (entity.startsWith("#"))
    return codePoint(Number.parseInt(entity.slice(1), 10))
  return NAMED[entity.toLowerCase()] ?? `&${entity};`
}

/** The visible text of HTML-ish `text`. */
export function htmlView(text: string): string {
  return text
    .replace(/<(?:br|\/p|\/div|\/pre|\/li|\/tr|\/h\d)\b[^<>]*>/gi, "\n")
    .replace(/<\/?[A-Za-z][^<>]*>/g, "")
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (_, e: string) =>
      decode(e)
    )
}
