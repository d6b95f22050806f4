/**
 * Feature tags of a real-traffic artifact, derived from the request body
 * alone (never written by hand), so a per-feature band always means the same
 * thing: "requests that declare X". One request carries several tags.
 */

type Json = Record<string, unknown>

const SERVER_TOOL_PREFIXES: [RegExp, string][] = [
  [/^web_search_/, "web_search"],
  [/^web_fetch_/, "web_fetch"],
  [/^code_execution_/, "code_execution"],
  [/^memory_/, "memory"],
  [/^bash_/, "bash"],
  [/^text_editor_/, "text_editor"],
  [/^computer_/, "computer"],
  [/^advisor_/, "advisor"],
  [/^tool_search_tool_/, "tool_search"],
  [/^mcp_toolset$/, "mcp_toolset"],
]

const isObj = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v)

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** Tags for `tools` and `tool_choice`. */
function toolTags(request: Json): string[] {
  const tags: string[] = []
  for (const tool of asArray(request.tools)) {
    if (!isObj(tool)) continue
    const type = typeof tool.type === "string" ? tool.type : "custom"
    if (type === "custom") tags.push("custom_tools")
    else {
      const hit = SERVER_TOOL_PREFIXES.find(([re]) => re.test(type))
      tags.push(hit ? hit[1] : "other_server_tool", "server_tool")
    }
    if (tool.defer_loading === true) tags.push("deferred_tools")
  }
  const choice = request.tool_choice
  if (isObj(choice) && typeof choice.type === "string")
    tags.push(`tool_choice_${choice.type}`)
  return tags
}

/** Tags for top-level options: thinking, structured outputs, MCP, system… */
function optionTags(request: Json): string[] {
  const tags: string[] = []
  const thinking = request.thinking
  if (isObj(thinking) && typeof thinking.type === "string")
    tags.push(`thinking_${thinking.type}`)
  const config = request.output_config
  if (request.output_format != null) tags.push("structured_output")
  if (isObj(config) && config.format != null) tags.push("structured_output")
  if (isObj(config) && config.effort != null) tags.push("effort")
  if (asArray(request.mcp_servers).length) tags.push("mcp_servers")
  if (request.system != null && request.system !== "") tags.push("system")
  if (request.context_management != null) tags.push("context_management")
  if (request.container != null) tags.push("container")
  return tags
}

/** Tags for one content block (recursing into tool_result content). */
function blockTags(block: unknown, tags: Set<string>): void {
  if (!isObj(block)) return
  const type = String(block.type)
  const source = isObj(block.source) ? block.source : {}
  if (type === "image") tags.add(`image_${String(source.type ?? "unknown")}`)
  else if (type === "document") {
    const media = String(source.media_type ?? source.type ?? "unknown")
    tags.add(media.includes("pdf") ? "document_pdf" : "document")
    if (source.type === "url") tags.add("document_url")
    if (isObj(block.citations) && block.citations.enabled) tags.add("citations")
  } else if (type === "search_result") tags.add("search_result")
  else if (type === "tool_result") tags.add("tool_result")
  else if (type === "thinking" || type === "redacted_thinking")
    tags.add("thinking_blocks")
  else if (type === "server_tool_use" || type.endsWith("_tool_result"))
    tags.add("server_tool_blocks")
  else if (type === "tool_reference") tags.add("tool_reference")
  else if (type === "compaction") tags.add("compaction_block")
  else if (type.startsWith("mcp_")) tags.add("mcp_blocks")
  if (block.cache_control != null) tags.add("cache_control")
  for (const inner of asArray(block.content)) blockTags(inner, tags)
}

/** Every text string a request carries (system, messages, tool results). */
export function textsOf(request: Json): string[] {
  const out: string[] = []
  const walk = (v: unknown): void => {
    if (typeof v === "string") out.push(v)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (isObj(v)) {
      if (typeof v.text === "string") out.push(v.text)
      if (typeof v.thinking === "string") out.push(v.thinking)
      if (typeof v.content === "string") out.push(v.content)
      else walk(v.content)
    }
  }
  walk(request.system)
  for (const m of asArray(request.messages)) if (isObj(m)) walk(m.content)
  return out
}

/** Content class of the request's text: prose, code, JSON or non-Latin. */
export function contentClass(text: string): string {
  if (text.length === 0) return "empty"
  const letters = text.match(/\p{L}/gu)?.length ?? 0
  const latin = text.match(/[A-Za-z\u00C0-\u024F]/g)?.length ?? 0
  if (letters >= 10 && latin / letters < 0.7) return "non_latin"
  const trimmed = text.trim()
  if (/^[[{]/.test(trimmed) && /[\]}]$/.test(trimmed)) return "json"
  const symbols = text.match(/[{}();=<>[\]_/\\|#$]/g)?.length ?? 0
  const lines = text.split("\n")
  const indented = lines.filter((l) => /^( {2,}|\t)\S/.test(l)).length
  if (symbols / text.length > 0.04 || indented / lines.length > 0.3)
    return "code"
  return "prose"
}

/** The feature tags of a request, sorted and unique. */
export function featuresOf(request: unknown): string[] {
  if (!isObj(request)) return []
  const tags = new Set<string>([...toolTags(request), ...optionTags(request)])
  if (asArray(request.tools).length === 0) tags.add("no_tools")
  const messages = asArray(request.messages)
  if (messages.length > 1) tags.add("multi_turn")
  for (const m of messages)
    if (isObj(m)) for (const b of asArray(m.content)) blockTags(b, tags)
  const text = textsOf(request).join("\n")
  const cls = contentClass(text)
  tags.add(`text_${cls}`)
  if (text.length >= 4000 && cls === "prose") tags.add("long_prose")
  if (text.length < 400) tags.add("short_text")
  const plainKeys = ["server_tool", "custom_tools", "structured_output"]
  const media = [...tags].some((t) => /^(image|document|search_result)/.test(t))
  const hasThinking = [...tags].some((t) => t.startsWith("thinking_"))
  if (!media && !hasThinking && !plainKeys.some((k) => tags.has(k)))
    tags.add(tags.has("mcp_servers") ? "mcp_only" : "plain")
  return [...tags].sort()
}
