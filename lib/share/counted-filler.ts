/**
 * Filler that keeps the page's counted numbers: every word of a text is
 * replaced by filler words with the same Claude BPE token count, piece by
 * piece of the BPE's own pre-tokeniser (merges never cross its pieces, so
 * the text's count stays what it was), keeping whitespace, ASCII
 * punctuation, line breaks, word lengths as far as the count allows and
 * letter case. The content class (prose, code, wide script) therefore stays,
 * and with it the factor the page multiplies the BPE count by. An opaque
 * blob (a signature) keeps its length instead: the page counts it by size.
 * No letter or digit of the original survives.
 */
import type { ClaudeBpe } from "@/lib/tokens/claude-bpe"
import { isOpaqueBlob } from "@/lib/tokens/refine"

import { fillLike } from "./filler"

const VOCAB = (
  "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod " +
  "tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam " +
  "quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo " +
  "consequat duis aute irure in reprehenderit voluptate velit esse cillum " +
  "fugiat nulla pariatur excepteur sint occaecat cupidatat non proident " +
  "sunt culpa qui officia deserunt mollit anim id est laborum a e o i " +
  "curabitur pretium tincidunt lacus nunc pulvinar sapien etiam vitae " +
  "porta nibh venenatis cras semper auctor neque nam libero justo laoreet " +
  "mattis vulputate eu scelerisque felis imperdiet proin fermentum leo vel " +
  "orci porttitor rhoncus urna mauris pharetra magnis dis parturient montes " +
  "nascetur ridiculus mus quam faucibus accumsan tortor posuere ac " +
  "ultricies lobortis gravida hendrerit sollicitudin condimentum mi " +
  "suspendisse potenti pellentesque habitant morbi tristique senectus netus " +
  "malesuada fames turpis egestas integer feugiat vivamus arcu felis " +
  "bibendum ut tristique et egestas quis ipsum suspendisse ultrices"
).split(" ")
const WIDE =
  "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话"
const EMOJI = "\u{1F642}"
const DIGITS = "4815162342"

type Case = "lower" | "cap" | "upper"

/** Per-redaction state: the counter, the pools built so far, a rotation. */
export interface FillerState {
  bpe: ClaudeBpe
  /** Same-length, same-count fillers by shape, length and count. */
  found: Map<string, string[]>
  /** Where there is none: the same-length filler nearest in count. */
  nearest: Map<string, string>
  /**
   * Which of the same-count fillers a word of a given shape takes: one per
   * attempt, never rotated within a text, so a passage the text repeats
   * repeats in the filler too and the link compresses like the original.
   */
  turn: number
  /** Tokens the filler of the current text is short of (negative: over). */
  debt: number
}

/** A fresh state for one redaction (deterministic for the same input). */
export function fillerState(bpe: ClaudeBpe): FillerState {
  return { bpe, found: new Map(), nearest: new Map(), turn: 0, debt: 0 }
}

const shape = (word: string, c: Case) =>
  c === "upper"
    ? word.toUpperCase()
    : c === "cap"
      ? word.charAt(0).toUpperCase() + word.slice(1)
      : word

function caseOf(word: string): Case {
  if (
    word.length > 1 &&
    word === word.toUpperCase() &&
    word !== word.toLowerCase()
  )
    return "upper"
  const first = word.charAt(0)
  return first !== first.toLowerCase() ? "cap" : "lower"
}

// Common words of every length, so a word can keep its length and count.
const WORDS = (
  "as at be by go he if in is it me my no of on or so to up us we an " +
  "all and any are but can day did end far few for get had has her him " +
  "his how its let man may new not now old one our out own put run say " +
  "see set she sun the too two use was way who why yes yet also area back " +
  "best body book both call came case city come data deal does done door " +
  "down each even face fact feel find five form four free from full game " +
  "gave give good half hand hard have head hear help here high hold home " +
  "hope idea into just keep kind knew know land last late left less life " +
  "like line list live long look made main make many mind more most move " +
  "much must name near need next note once only open over part past plan " +
  "play read real rest road room rule same seem side sign some soon step " +
  "such sure take talk tell than that them then they this time told town " +
  "tree true turn type unit upon used very view wait walk want week well " +
  "went were what when whom will with word work year your about above " +
  "after again along among began being below black board bring built " +
  "carry cause chair child class clear close could count cover early earth " +
  "every field final first found front given going great green group heard " +
  "heart house human known large later learn least level light might money " +
  "month music never night north often order other paper party peace place " +
  "plant point power press quite reach ready right river round short since " +
  "small sound south space stand start state still story study table taken " +
  "their there these thing think third those three today total under until " +
  "using value water where which while white whole woman world would write " +
  "young across action almost always amount answer appear around became " +
  "become before behind better beyond center change choose common course " +
  "credit decide degree design detail differ during easily effect either " +
  "enough entire energy family figure follow friend future garden ground " +
  "growth happen health itself larger letter likely little market matter " +
  "member method middle minute modern moment mother myself nation nature " +
  "nearly number object office option people period person picture player " +
  "please policy public rather reason record remain report result return " +
  "school second simple single social source spring street strong " +
  "system theory though toward travel twenty unless useful window winter " +
  "without already another balance because believe between billion brother " +
  "certain chapter company compare concept contain control country current " +
  "develop science example explain federal feeling finally general however " +
  "hundred imagine include initial instead library machine measure million " +
  "natural nothing outside patient perhaps popular present private " +
  "problem process produce program project provide purpose quality quickly " +
  "receive several similar society special station student subject support " +
  "surface through thought totally usually various village western whether " +
  "anything building business children consider continue describe direction " +
  "discover education evidence exchange director function generate " +
  "important increase industry language material national negative " +
  "official operation personal physical position possible practice pressure " +
  "probably producer question recently relation remember research response " +
  "scientist security shoulder standard strategy strength structure " +
  "together training treatment understand available community condition " +
  "different difficult everything financial following including " +
  "interview knowledge necessary political president principle " +
  "situation something sometimes statement technology television themselves " +
  "traditional information development environment performance relationship " +
  "international organization particularly responsibility"
).split(" ")

/**
 * Letters (one pre-tokenised piece, maybe with its leading space) → filler
 * of the same length (so the text's character profile, which decides its
 * content class, stays the same) counting `target` tokens, or one more or
 * fewer to pay back what earlier pieces of the text could not match.
 */
function fillWord(
  piece: string,
  target: number,
  state: FillerState,
  afterQuote: boolean
): string {
  const space = piece.startsWith(" ") ? " " : ""
  const word = space ? piece.slice(1) : piece
  const wide = word.charCodeAt(0) >= 0x2e80
  // After `'`, a word starting like a contraction would split differently.
  const ok = (w: string) => !afterQuote || !/^(?:[stmd]|re|ve|ll)/i.test(w)
  const pay = Math.sign(state.debt)
  for (const wanted of pay === 0 ? [target] : [target + pay, target]) {
    if (wanted < 1) continue
    const found = sameCount(space, word, wanted, wide, state).filter(ok)
    if (found.length) {
      state.debt += target - wanted
      return space + found[state.turn % found.length]!
    }
  }
  // Nothing of that length counts the same: the nearest count, same length.
  sameCount(space, word, target, wide, state)
  const near = state.nearest.get(nearKey(space, word, target, wide))
  const filler =
    space +
    (near ??
      (wide
        ? [...WIDE].slice(0, word.length).join("")
        : shapeLike(fillLike(word), word)))
  state.debt += target - state.bpe.countPiece(filler)
  return filler
}

/** `filler` with the letter case of `like` (the first letter, or all caps). */
function shapeLike(filler: string, like: string): string {
  return shape(filler.toLowerCase(), caseOf(like))
}

/** Words by length (the common words, then the lorem ones). */
let byLength: Map<number, string[]> | undefined
function wordsOfLength(length: number): string[] {
  if (!byLength) {
    byLength = new Map()
    for (const w of new Set([...WORDS, ...VOCAB]))
      byLength.set(w.length, [...(byLength.get(w.length) ?? []), w])
  }
  const found = byLength.get(length)
  if (found) return found
  // Longer than any word: two words run together.
  const half = Math.min(12, length - 1)
  return (byLength.get(half) ?? ["lorem"]).map((w) =>
    (w + wordsOfLength(length - w.length)[0]!).slice(0, length)
  )
}

/** The cache key of a word's fillers: its space, length and case shape, count. */
function nearKey(space: string, word: string, target: number, wide: boolean) {
  const segs = wide ? [] : (word.match(SEGMENTS) ?? [])
  const shapeKey =
    wide || segs.length < 2 || segs.join("") !== word
      ? `${word.length}${wide ? "" : caseOf(word)}`
      : segs.map((g) => g.length + caseOf(g)).join(",")
  return `${space}|${shapeKey}|${target}|${wide}`
}

/** A word's case segments: `dispatchToken` → `dispatch`, `Token`. */
const SEGMENTS = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g

/**
 * Fillers of `word`'s length and case segments (camelCase stays camelCase)
 * that count `target` tokens after `space`: a few combinations are tried.
 */
function sameCount(
  space: string,
  word: string,
  target: number,
  wide: boolean,
  state: FillerState
): string[] {
  const segs = wide ? [] : (word.match(SEGMENTS) ?? [])
  const plain = wide || segs.length < 2 || segs.join("") !== word
  const key = nearKey(space, word, target, wide)
  const cached = state.found.get(key)
  if (cached) return cached
  const tries = wide
    ? Array.from({ length: 24 }, (_, k) =>
        [...WIDE].slice(k, k + word.length).join("")
      )
    : [
        ...(plain ? [] : segmentRuns(segs)),
        ...letterRuns(word.length).map((w) => shape(w, caseOf(word))),
      ]
  const same = [...new Set(tries)].filter((w) => w.length === word.length)
  const found = same.filter((w) => state.bpe.countPiece(space + w) === target)
  // None: the one closest in count stands in (the text pays the rest back).
  if (found.length === 0 && same.length > 0) {
    const off = (w: string) =>
      Math.abs(state.bpe.countPiece(space + w) - target)
    state.nearest.set(
      key,
      same.reduce((a, b) => (off(b) < off(a) ? b : a))
    )
  }
  state.found.set(key, found)
  return found
}

const RUN = VOCAB.join("")
const DENSE = "qzxvkjwbfpgymdhctlsrn"

/**
 * Letter runs of `length` with token counts from one up: single words, two
 * and three words run together, lorem runs, dense consonant runs.
 */
function letterRuns(length: number): string[] {
  const out: string[] = []
  for (let k = 0; k < 16; k++) out.push(pick(length, k))
  for (let a = 2; a <= length - 2 && a <= 8; a++)
    for (let k = 0; k < 3; k++) out.push(pick(a, k) + pick(length - a, k + 5))
  if (length >= 7)
    for (let k = 0; k < 4; k++)
      out.push(pick(3, k) + pick(2, k + 1) + pick(length - 5, k + 2))
  for (let k = 0; k < 8; k++) out.push(RUN.slice(7 * k, 7 * k + length))
  for (let k = 0; k < 6; k++)
    out.push(
      (DENSE.slice(k) + DENSE)
        .repeat(Math.ceil(length / 20) + 1)
        .slice(0, length)
    )
  return out
}

/** Runs shaped like camelCase `segs`, one word per segment (rotated). */
function segmentRuns(segs: string[]): string[] {
  const runs = segs.map((g) => letterRuns(g.length))
  const out: string[] = []
  for (let k = 0; k < 24; k++)
    out.push(
      segs
        .map((g, j) =>
          shape(runs[j]![(k + 5 * j) % runs[j]!.length]!, caseOf(g))
        )
        .join("")
    )
  return out
}

const pick = (length: number, k: number) => {
  const list = wordsOfLength(length)
  return list[k % list.length]!
}

/** Digits → other digits of the same length, the count kept where one of a few does. */
function fillDigits(piece: string, target: number, state: FillerState): string {
  const lead = piece.startsWith(" ") ? " " : ""
  const n = piece.length - lead.length
  const tries: string[] = []
  for (let t = 0; t < 6; t++)
    tries.push(
      lead +
        (
          DIGITS.repeat(Math.ceil(n / 10) + 1).slice((state.turn + t) % 10) +
          DIGITS
        ).slice(0, n)
    )
  for (const d of "1234567890") tries.push(lead + d.repeat(n))
  const off = (w: string) => Math.abs(state.bpe.countPiece(w) - target)
  return tries.reduce((a, b) => (off(b) < off(a) ? b : a))
}

/** One run of letters, repeated: compresses to almost nothing in a link. */
const BLOB_RUN = "loremipsumdolorsitametconsectetur"
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/

/**
 * An opaque blob (signature, encrypted content, base64) is counted by its
 * length and class only (refine.ts), so any letters of that length do: an
 * ASCII blob becomes one repeated run (its random characters would cost a
 * link as much as the blob itself); one with other scripts keeps them.
 */
function fillBlob(text: string): string {
  if (!PRINTABLE_ASCII.test(text)) return fillLike(text)
  return BLOB_RUN.repeat(Math.ceil(text.length / BLOB_RUN.length)).slice(
    0,
    text.length
  )
}

const LETTERS = /^ ?\p{L}+$/u
const NUMBERS = /^ ?\p{N}+$/u

/** Attempts for a short text whose first filler is a token off. */
const RETRIES = 8
const SHORT = 4000

/** Filler for `text` with the same counted tokens (see the file comment). */
export function fillCounted(text: string, state: FillerState): string {
  if (text === "") return text
  if (isOpaqueBlob(text)) return fillBlob(text)
  const s = text
  const target = state.bpe.count(s)
  // Each text starts from the first choice: its filler depends on it alone.
  state.turn = 0
  let best = ""
  let bestOff = Infinity
  for (let attempt = 0; attempt < (s.length < SHORT ? RETRIES : 1); attempt++) {
    const filler = fillOnce(s, state)
    const off = Math.abs(state.bpe.count(filler) - target)
    if (off < bestOff) {
      best = filler
      bestOff = off
    }
    if (off === 0) break
    state.turn += 7 // other words this time
  }
  return best
}

function fillOnce(s: string, state: FillerState): string {
  const re = new RegExp(state.bpe.pattern.source, "gu")
  state.debt = 0
  // Pieces collected in an array: `out.endsWith` on a string built by `+=`
  // flattens it on every call (quadratic: 34 s for a 110 KB document).
  const out: string[] = []
  let afterQuote = false
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const piece = m[0]
    if (piece.length === 0) {
      re.lastIndex++
      continue
    }
    const filled = fillPiece(piece, state, afterQuote)
    afterQuote = filled.endsWith("'")
    out.push(filled)
  }
  return out.join("")
}

function fillPiece(
  piece: string,
  state: FillerState,
  afterQuote: boolean
): string {
  if (/^\s+$/.test(piece) || /^'(?:s|t|re|ve|m|ll|d)$/.test(piece)) return piece
  // The BPE counts the NFKC form; the filler keeps the original length.
  const target = state.bpe.countPiece(piece.normalize("NFKC"))
  if (LETTERS.test(piece)) return fillWord(piece, target, state, afterQuote)
  let out: string
  if (NUMBERS.test(piece))
    out = /^ ?\d+$/.test(piece)
      ? fillDigits(piece, target, state)
      : piece.replace(/\P{Zs}/gu, (ch) => "0".repeat(ch.length))
  // Punctuation: ASCII and narrow symbols stay; wide ones and emoji go,
  // each for a filler of the same length.
  else
    out = piece.replace(/[^\s]/gu, (ch) =>
      ch.codePointAt(0)! < 0x2e80 ? ch : ch.length === 2 ? EMOJI : "、"
    )
  state.debt += target - state.bpe.countPiece(out)
  return out
}
