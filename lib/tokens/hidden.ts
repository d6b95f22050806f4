/**
 * The hidden parts of a request's input count: server-tool prompts,
 * thinking, structured-output instructions, MCP servers. Looked up in the
 * table (hidden-table.ts); a feature with no row for the model's tokenizer
 * family takes the nearest row (another version, another family scaled, or
 * a named guess) and says so, so a total is never silently short.
 */
import { FAMILY_MULTIPLIER } from "./block-count"
import { HIDDEN_GUESSES, HIDDEN_ROWS, type HiddenRow } from "./hidden-table"
import { rawJsonTokens } from "./json-walk"
import type { TokenizerFamily } from "./types"

/** How sure a hidden number is. */
export type HiddenBasis =
  /** A row measured for this feature and tokenizer family. */
  | "measured"
  /** Measured on the other tokenizer family, scaled by the family ratio. */
  | "other_family"
  /** No measurement: a named assumption. */
  | "guess"

/** One hidden part of the input count, with its evidence. */
export interface HiddenPart {
  /** Table key that matched, e.g. "tool:memory". */
  feature: string
  /** What the UI shows, e.g. "memory tool (hidden)". */
  label: string
  tokens: number
  basis: HiddenBasis
  evidence: string
  /** Where in the request the feature is declared. */
  path: (string | number)[]
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v)

/** This family's row for a feature: one for the model's generation first. */
const rowFor = (feature: string, family: TokenizerFamily, model: string) =>
  HIDDEN_ROWS.find(
    (r) => r.feature === feature && r.family === family && r.models?.test(model)
  ) ??
  HIDDEN_ROWS.find(
    (r) => r.feature === feature && r.family === family && !r.models
  )

const scaled = (row: HiddenRow, family: TokenizerFamily): number =>
  Math.round(
    (row.tokens * FAMILY_MULTIPLIER[family]) / FAMILY_MULTIPLIER[row.family]
  )

/**
 * The best row for a list of keys, most specific first (an exact tool type,
 * then any version of it): this family's, the other family's scaled, then a
 * guess.
 */
export function lookupHidden(
  keys: readonly string[],
  family: TokenizerFamily,
  model = ""
): { row: HiddenRow; tokens: number; basis: HiddenBasis } {
  for (const key of keys) {
    const row = rowFor(key, family, model)
    if (row) return { row, tokens: row.tokens, basis: "measured" }
  }
  const other: TokenizerFamily = family === "next" ? "legacy" : "next"
  // The other family's newest measurement (rows are listed newest first).
  for (const key of keys) {
    const row = HIDDEN_ROWS.find((r) => r.feature === key && r.family === other)
    if (row) return { row, tokens: scaled(row, family), basis: "other_family" }
  }
  const guess =
    keys.map((k) => HIDDEN_GUESSES[k]).find((g) => g !== undefined) ??
    HIDDEN_GUESSES.tool!
  return { row: guess, tokens: scaled(guess, family), basis: "guess" }
}

interface Ctx {
  family: TokenizerFamily
  model: string
}

function part(
  keys: string[],
  label: string,
  path: (string | number)[],
  ctx: Ctx,
  extra = 0
): HiddenPart {
  const hit = lookupHidden(keys, ctx.family, ctx.model)
  return {
    feature: hit.row.feature,
    label,
    tokens: hit.tokens + extra,
    basis: hit.basis,
    evidence: hit.row.evidence,
    path,
  }
}

/** Anthropic-defined tools: a `type` other than "custom" and no input schema. */
function toolParts(tools: unknown, ctx: Ctx): HiddenPart[] {
  if (!Array.isArray(tools)) return []
  const out: HiddenPart[] = []
  tools.forEach((t: unknown, i) => {
    if (!isObj(t) || typeof t.type !== "string" || t.type === "custom") return
    // An MCP toolset only names a server's tools: they are the server's part.
    if (t.type === "mcp_toolset") return
    if (t.input_schema !== undefined) return
    const base = t.type.replace(/_\d{8}$/, "")
    const name = base.replace(/_/g, " ").replace(/ tool$/, "")
    out.push(
      part(
        [`tool:${t.type}`, `tool:${base}`],
        `${name} tool (hidden)`,
        ["tools", i],
        ctx
      )
    )
  })
  return out
}

/** Tools defined by the client (a schema, no Anthropic type). */
const customTools = (tools: unknown): number =>
  Array.isArray(tools)
    ? tools.filter(
        (t) =>
          isObj(t) &&
          (t.type === undefined ||
            t.type === "custom" ||
            t.input_schema !== undefined)
      ).length
    : 0

/** The JSON schema of structured outputs, wherever the request puts it. */
function outputFormat(body: Obj): { schema: unknown; path: string[] } | null {
  if (isObj(body.output_format))
    return { schema: body.output_format.schema, path: ["output_format"] }
  const oc = body.output_config
  if (isObj(oc) && isObj(oc.format))
    return { schema: oc.format.schema, path: ["output_config", "format"] }
  return null
}

const citing = (b: unknown): boolean =>
  isObj(b) &&
  (b.type === "document" || b.type === "search_result") &&
  isObj(b.citations) &&
  b.citations.enabled === true

/** Where the first document or search result with citations enabled is. */
function citationsAt(messages: unknown): (string | number)[] | null {
  if (!Array.isArray(messages)) return null
  for (let m = 0; m < messages.length; m++) {
    const content: unknown = isObj(messages[m]) ? messages[m].content : null
    if (!Array.isArray(content)) continue
    for (let b = 0; b < content.length; b++) {
      const block: unknown = content[b]
      if (citing(block)) return ["messages", m, "content", b]
      const inner = isObj(block) ? block.content : null
      if (Array.isArray(inner) && inner.some(citing))
        return ["messages", m, "content", b]
    }
  }
  return null
}

/** Hidden parts of a request for a model of this tokenizer family. */
export function hiddenParts(
  body: Readonly<Obj>,
  family: TokenizerFamily
): HiddenPart[] {
  // Model ids as sent; platform prefixes do not matter to the row patterns.
  const model = typeof body.model === "string" ? body.model.toLowerCase() : ""
  const ctx: Ctx = { family, model }
  const out = toolParts(body.tools, ctx)
  const tc = body.tool_choice
  const choice = isObj(tc) && typeof tc.type === "string" ? tc.type : "auto"
  // Forcing or forbidding tool use changes the tool prompt whatever the
  // tools; with auto, only custom tools' prompt was measured to grow.
  // MCP servers bring client-style tools (their definitions are the
  // server's part below).
  const mcp = Array.isArray(body.mcp_servers) ? body.mcp_servers.length : 0
  const custom = customTools(body.tools) + mcp
  if (choice === "auto" ? custom > 0 : out.length + custom > 0)
    out.push(
      part(
        [`tool_choice:${choice}`],
        choice === "none"
          ? "tool_choice none (hidden)"
          : choice === "auto"
            ? "tool-use prompt (hidden)"
            : "forced tool use (hidden)",
        ["tool_choice"],
        ctx
      )
    )
  const th = body.thinking
  if (isObj(th) && (th.type === "enabled" || th.type === "adaptive"))
    out.push(
      part(
        [`thinking:${th.type}`],
        `${th.type} thinking (hidden)`,
        ["thinking"],
        ctx
      )
    )
  const of = outputFormat(body)
  if (of) {
    // The schema is shown to the model too: counted like any JSON.
    const schema = Math.ceil(
      rawJsonTokens(of.schema ?? null) * FAMILY_MULTIPLIER[family]
    )
    out.push(
      part(
        ["output_format"],
        "structured output (hidden)",
        of.path,
        ctx,
        schema
      )
    )
  }
  const cited = citationsAt(body.messages)
  if (cited)
    out.push(part(["citations"], "citation instructions (hidden)", cited, ctx))
  if (Array.isArray(body.mcp_servers))
    body.mcp_servers.forEach((s: unknown, i) => {
      const name = isObj(s) && typeof s.name === "string" ? s.name : `#${i}`
      out.push(
        part(
          ["mcp_server"],
          `MCP server ${name} (hidden)`,
          ["mcp_servers", i],
          ctx
        )
      )
    })
  return out
}

/** Sum of the parts' tokens. */
export const hiddenTotal = (parts: readonly HiddenPart[]): number =>
  parts.reduce((n, p) => n + p.tokens, 0)
