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
const KEYWORDS = String.raw`(?:(?:!|if|then|else|elif|do|time|sudo|command|exec|nohup|env|until|while|\{|\(|&)[ \t]+)*`
const ENV = String.raw`(?:[A-Za-z_]\w*=(?:"[^"\n]*"|'[^'\n]*'|[^\s'"]*)[ \t]+)*`
const ASSIGN_SUBST = String.raw`(?:(?:export|local|declare|readonly|const|let|var)[ \t]+)?\$?[A-Za-z_][\w]*[ \t]*=[ \t]*"?\$\([ \t]*`
const FEED = String.raw`(?:cat|echo|printf|jq|envsubst|base64|python3?|node|sed|tr|yq|gzip)\b[^\n|]*\|[ \t]*`
const CHAIN = String.raw`(?:[A-Za-z_.\/][^\n;&|]*(?:&&|\|\||;)[ \t]*)`

const PLAIN = new RegExp(
  `^${QUOTING}${HISTORY}${PROMPT}${KEYWORDS}${ENV}${CHAIN}?${KEYWORDS}${ENV}$`
)
const SUBST = new RegExp(
  `^${QUOTING}${HISTORY}${PROMPT}${KEYWORDS}(?:${ASSIGN_SUBST}|"?\\$\\([ \\t]*)$`
)
const PIPED = new RegExp(
  `^(${QUOTING}${HISTORY}${PROMPT}${KEYWORDS})${FEED}${ENV}$`
)

/** Every curl command start in `text`, in order. */
export function findCurlAnchors(text: string): CurlAnchor[] {
  const anchors: CurlAnchor[] = []
  let lastLine = -1
  for (const m of text.matchAll(CURL_WORD)) {
    const lineStart = text.lastIndexOf("\n", m.index - 1) + 1
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
      at: lineStart + (piped[1]?.length ?? 0),
      inSubst: false,
    }
  return undefined
}
