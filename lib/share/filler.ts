// Same-length filler text: for opaque blobs and editor text that does not
// parse (counted-filler.ts fills the rest of a redacted link). Whitespace, ASCII punctuation
// and letter case stay where they were, each run of letters becomes lorem
// words cut to the run's length, digits become other digits. Line breaks,
// word lengths and code shape survive (so token estimates stay close) while
// every letter and digit of the original is gone.

const WORDS = (
  "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod " +
  "tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam " +
  "quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo " +
  "consequat duis aute irure in reprehenderit voluptate velit esse cillum " +
  "fugiat nulla pariatur excepteur sint occaecat cupidatat non proident " +
  "sunt culpa qui officia deserunt mollit anim id est laborum"
).split(" ")

const DIGITS = "4815162342"
// Wide script (CJK and other units from U+2E80 up, as the token estimator
// counts them) is filled with wide characters, emoji with an emoji, so the
// estimate of a redacted Japanese or emoji-heavy text stays the same.
export const WIDE_FILLER = "的一是不了人我在有他这中大来上国个到说们"
const WIDE_FROM = 0x2e80
export const EMOJI_FILLER = "\u{1F642}"
// The other non-Latin alphabets (U+0370–U+1FFF: Greek, Cyrillic, Hebrew,
// Arabic, Indic…), which the estimator counts at their own rate, become
// Cyrillic letters.
export const ALPHA_FILLER = "лоремипсумдолорситамет"
const isAlpha = (c: number): boolean => c >= 0x370 && c < 0x2000

function isAsciiPunctuation(c: number): boolean {
  return (
    (c >= 0x21 && c <= 0x2f) ||
    (c >= 0x3a && c <= 0x40) ||
    (c >= 0x5b && c <= 0x60) ||
    (c >= 0x7b && c <= 0x7e)
  )
}

function isWhitespace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39
}

/**
 * Returns deterministic filler with exactly `text.length` UTF-16 code units.
 * Latin and other narrow letters become lorem words; wide ones (CJK, emoji)
 * become other wide ones. The output never contains a lone surrogate.
 */
export function fillLike(text: string): string {
  let out = ""
  let word = 0
  let digit = 0
  let i = 0
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (isWhitespace(c) || isAsciiPunctuation(c)) {
      out += text[i]
      i++
    } else if (isDigit(c)) {
      out += DIGITS[digit++ % DIGITS.length]
      i++
    } else if (isAlpha(c)) {
      out += ALPHA_FILLER[word++ % ALPHA_FILLER.length]
      i++
    } else if (c >= WIDE_FROM) {
      const pair =
        c >= 0xd800 &&
        c <= 0xdbff &&
        (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
      // A lone surrogate (broken text) becomes a wide character too.
      out += pair ? EMOJI_FILLER : WIDE_FILLER[word++ % WIDE_FILLER.length]
      i += pair ? 2 : 1
    } else {
      let end = i
      while (end < text.length) {
        const d = text.charCodeAt(end)
        if (
          isWhitespace(d) ||
          isAsciiPunctuation(d) ||
          isDigit(d) ||
          isAlpha(d) ||
          d >= WIDE_FROM
        )
          break
        end++
      }
      let letters = ""
      while (letters.length < end - i) letters += WORDS[word++ % WORDS.length]
      for (let k = i; k < end; k++) {
        const ch = letters[k - i] as string
        const upper = text.charCodeAt(k) >= 0x41 && text.charCodeAt(k) <= 0x5a
        out += upper ? ch.toUpperCase() : ch
      }
      i = end
    }
  }
  return out
}
