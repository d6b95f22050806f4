/**
 * Text from logs and file names made safe to print to a terminal: control
 * characters (C0 but the report's own newlines, DEL, C1), the line and
 * paragraph separators and the bidirectional overrides are written as
 * escapes, so a file named `ESC]0;…`, `ESC[2J` or with a carriage return
 * can neither retitle the terminal, clear it nor forge rows.
 */

const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const escape = (c: string) => {
  const code = c.charCodeAt(0)
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`
}

/** One field (a name, a model, a reason) with every unsafe character escaped, newlines included. */
export function printable(text: string): string {
  return text.replace(UNSAFE, escape)
}

/** Report text: each line made printable, the report's own line breaks kept. */
export function printableLines(text: string): string {
  return text
    .split("\n")
    .map((line) => printable(line))
    .join("\n")
}

/**
 * JSON as printed: JSON.stringify already escapes C0; this also escapes
 * DEL, C1 and the separators, which it leaves raw (still the same JSON).
 */
export function printableJson(json: string): string {
  return json.replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
  )
}
