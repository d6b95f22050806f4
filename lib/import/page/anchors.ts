/**
 * Where curl commands start in a page of mixed text (a docs page, a README,
 * a shell history, an issue comment): the word `curl` in command position,
 * after what a copied line may carry before it (indentation, `>` quoting,
 * HTML tags, a history number, a prompt, `sudo`, `if`, `X=$(`…). Prose that
 * mentions curl ("use curl to…") is not an anchor. One pass, linear.
 */

/** A place a curl command starts. */
export interface CurlAnchor {
  /** Start of the line the command is on. */
  lineStart: number
  /** Where the shell reader starts: the curl word, or the pipeline feeding it. */
  at: number
  /** The command sits inside `$( … )` (or backticks): a `)` ends it. */
  inSubst: boolean
}

const CURL_WORD = /(?<![\w./\\-])curl(?:\.exe)?(?=[ \t]|\\?\r?$)/gm

// What may stand before a command on its line.
const QUOTING = String.raw`(?:[ \t]*>)*[ \t]*(?:<[A-Za-z][^<>\n]*>[ \t]*)*`
const HISTORY = String.raw`(?:\d+\*?[ \t]+)?`
const PROMPT = String.raw`(?:(?:\$|%|❯|›|➜(?:[ \t]+[^\s$#%]+)?|PS(?:[ \t][^>\n]*)?>|[A-Za-z]:\\[^>\n]*>|\([\w.-]+\)(?:[ \t]+[^\s$#%]*[$#%])?|[\w.-]+@[\w.-]+(?::[^\s$#%]*)?[$#%])[ \t]+)?`
const KEYWORD = String.raw`(?:!|if|then|else|elif|do|time|sudo|command|exec|nohup|env|until|while|\{|\(|&)[ \t]+`
const ENV_ITEM = String.raw`[A-Za-z_]\w*=(?:"[^"\n]*"|'[^'\n]*'|[^\s'"]*)[ \t]+`
const ASSIGN_SUBST = String.raw`(?:(?:export|local|declare|readonly|const|let|var)[ \t]+)?\$?[A-Za-z_][\w]*[ \t]*=[ \t]*"?\$\([ \t]*`
const FEED = String.raw`(?:cat|echo|printf|jq|envsubst|base64|python3?|node|sed|tr|yq|gzip)\b[^\n|]*\|[ \t]*`
const OPERATOR = String.raw`(?:&&|\|\||;)[ \t]*`
/**
 * A chain command (`cmd … &&`) starts with a letter, `_`, `.` or `/`; it may
 * start at a keyword or assignment the atomic groups below already took
 * (`FOO=1 && curl`, `sudo true; curl`) when nothing after it holds a `;`,
 * `&` or `|`.
 */
const WORD_ITEM = String.raw`(?:(?:if|then|else|elif|do|time|sudo|command|exec|nohup|env|until|while)[ \t]+|[A-Za-z_]\w*=(?:"[^"\n;&|]*"|'[^'\n;&|]*'|[^\s'";&|]*)[ \t]+)`
const CHAIN_START = String.raw`(?:(?<=(?:^|[ \t>])${WORD_ITEM}(?:${WORD_ITEM}|[!{(][ \t]+)*)|[A-Za-z_.\/])`

let groups = 0
/**
 * `x` matched as an atomic group (what it takes is never given back):
 * runs of keywords and assignments next to each other would otherwise be
 * split every possible way before a line is refused (cubic in its length).
 */
const atomic = (x: string) => {
  const name = `a${groups++}`
  return `(?=(?<${name}>${x}))\\k<${name}>`
}
const LEAD = () => `${atomic(QUOTING + HISTORY)}${PROMPT}`
const KEYWORDS = () => atomic(`(?:${KEYWORD})*`)
const ENV = () => atomic(`(?:${ENV_ITEM})*`)

// A command: keywords, assignments, then perhaps one `cmd … &&` and again
// keywords and assignments. Each piece is atomic, so a line is read once.
const PLAIN = new RegExp(
  `^${LEAD()}${KEYWORDS()}${ENV()}(?:${CHAIN_START}[^\\n;&|]*${OPERATOR}${KEYWORDS()}${ENV()}|(?:${KEYWORD})+${ENV()})?$`
)
const SUBST = new RegExp(
  `^${LEAD()}${KEYWORDS()}(?:${ASSIGN_SUBST}|"?\\$\\([ \\t]*)$`
)
const PIPED = new RegExp(`^(?<lead>${LEAD()}${KEYWORDS()})${FEED}${ENV()}$`)

/**
 * The start of the line holding an offset, for offsets asked in increasing
 * order: each newline is looked at once (a `lastIndexOf` per match rescans a
 * long line from its start: quadratic on one line of many `curl `).
 */
function lineStarts(text: string): (offset: number) => number {
  let start = 0
  let next = text.indexOf("\n")
  return (offset) => {
    while (next !== -1 && next < offset) {
      start = next + 1
      next = text.indexOf("\n", start)
    }
    return start
  }
}

/** Every curl command start in `text`, in order. */
export function findCurlAnchors(text: string): CurlAnchor[] {
  const anchors: CurlAnchor[] = []
  const lineOf = lineStarts(text)
  let lastLine = -1
  for (const m of text.matchAll(CURL_WORD)) {
    const lineStart = lineOf(m.index)
    if (lineStart === lastLine) continue // one command start per line
    // Long prefixes are prose, not a prompt (keeps each test short).
    if (m.index - lineStart > 240) continue
    const prefix = text.slice(lineStart, m.index)
    const anchor = classify(prefix, lineStart, m.index)
    if (!anchor) continue
    anchors.push(anchor)
    lastLine = lineStart
  }
  return anchors
}

function classify(
  prefix: string,
  lineStart: number,
  at: number
): CurlAnchor | undefined {
  if (PLAIN.test(prefix)) return { lineStart, at, inSubst: false }
  if (SUBST.test(prefix)) return { lineStart, at, inSubst: true }
  const piped = PIPED.exec(prefix)
  if (piped)
    return {
      lineStart,
      at: lineStart + (piped.groups?.lead?.length ?? 0),
      inSubst: false,
    }
  return undefined
}
