/**
 * Whether pasted text is a curl command, as scripts and docs show one:
 * after comments, a shebang, a BOM, blank lines and simple statements (`set
 * -e`, `export VAR=…`, `@echo off`), a line that runs curl — directly, after
 * a prompt (`$ `, `PS> `, `C:\>`), or fed by `cat <<EOF |` / `echo … |`.
 * Reads at most the first 50 statement lines.
 */

const COMMENT = /^(?:#|rem(?:[ \t]|$)|::)/i
const SIMPLE =
  /^(?:(?:set|export|unset|source|cd|setopt|setlocal|declare|readonly|local)(?:[ \t]|$)|\.[ \t]|@?echo[ \t]+off[ \t]*$|\$?[A-Za-z_]\w*[ \t]*=)/i
const CURL = String.raw`(?:\S*[\\/])?curl(?:\.exe)?(?:[ \t]|$)`
const CURL_LINE = new RegExp(
  String.raw`^(?:(?:\$|%|PS(?: [^>]*)?>|[A-Za-z]:\\[^>]*>)[ \t]+)?(?:&[ \t]+)?(?:[A-Za-z_]\w*=\S*[ \t]+)*(?:sudo[ \t]+)?(?:${CURL}|(?:cat|echo|printf)(?:[ \t][^|]*)?\|[ \t]*${CURL})`,
  "i"
)

/** True when `text` is a curl command (see the file comment). */
export function looksLikeCurl(text: string): boolean {
  let statements = 0
  for (let at = 0; at < text.length && statements < 50;) {
    const nl = text.indexOf("\n", at)
    const end = nl === -1 ? text.length : nl
    // The start of a line is enough to recognise a command.
    const line = text
      .slice(at, Math.min(end, at + 512))
      .replace(/^[\s\uFEFF]+/, "")
      .trimEnd()
    at = end + 1
    if (line === "" || COMMENT.test(line)) continue
    statements++
    if (CURL_LINE.test(line)) return true
    if (!SIMPLE.test(line)) return false
  }
  return false
}
