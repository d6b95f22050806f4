/**
 * For tests only: a Claude Code log's bill read straight from the JSONL, the
 * way a careful cost tool does it, independent of the importer — one
 * entry per distinct API call (`message.id` with `requestId`, as ccusage
 * keys them; the last row of a message wins), `<synthetic>` answers left
 * out, `usage.iterations` summed when the server ran several (compaction),
 * each call priced at its own model's prices with 5-minute and 1-hour
 * writes apart. The price
 * rows are typed in here from the pricing page
 * (platform.claude.com/docs/en/about-claude/pricing), not read from the engine.
 */

/** $ per million tokens: input, 5-minute write, 1-hour write, cache read, output. */
const PRICES: Array<[RegExp, [number, number, number, number, number]]> = [
  [/sonnet-5(?!-5)/, [2, 2.5, 4, 0.2, 10]],
  [/opus-4-[5-8]/, [5, 6.25, 10, 0.5, 25]],
  [/opus-4(-1)?-2025/, [15, 18.75, 30, 1.5, 75]],
  [/sonnet-4/, [3, 3.75, 6, 0.3, 15]],
  [/haiku-4-5/, [1, 1.25, 2, 0.1, 5]],
]

export interface OracleBill {
  requests: number
  input: number
  write5m: number
  write1h: number
  read: number
  output: number
  inputDollars: number
  dollars: number
}

type Usage = {
  input_tokens?: number
  cache_creation_input_tokens?: number
  cache_read_input_tokens?: number
  output_tokens?: number
  cache_creation?: { ephemeral_1h_input_tokens?: number }
}

/** A call's usage; the sum of its iterations when the server ran several. */
function billed(u: Usage & { iterations?: Usage[] }): Usage {
  const its = Array.isArray(u.iterations) ? u.iterations : []
  if (its.length < 2) return u
  const h1 = its.reduce(
    (n, i) => n + (i.cache_creation?.ephemeral_1h_input_tokens ?? 0),
    0
  )
  const sum = (k: keyof Usage) =>
    its.reduce((n, i) => n + ((i[k] as number | undefined) ?? 0), 0)
  return {
    input_tokens: sum("input_tokens"),
    cache_creation_input_tokens: sum("cache_creation_input_tokens"),
    cache_read_input_tokens: sum("cache_read_input_tokens"),
    output_tokens: sum("output_tokens"),
    cache_creation: { ephemeral_1h_input_tokens: h1 },
  }
}

/** The bill of one or more log texts (see the file comment). */
export function oracleBill(...texts: string[]): OracleBill {
  const calls = new Map<string, { model: string; usage: Usage }>()
  for (const text of texts)
    for (const line of text.split("\n")) {
      if (!line.trim()) continue
      const row = JSON.parse(line)
      const m = row.message
      if (row.type !== "assistant" || !m?.usage || !m.model) continue
      if (m.model === "<synthetic>" || row.isApiErrorMessage) continue
      const key = [m.id, row.requestId].filter(Boolean).join("/") || row.uuid
      calls.set(key, { model: m.model, usage: billed(m.usage) })
    }
  const bill: OracleBill = {
    requests: 0,
    input: 0,
    write5m: 0,
    write1h: 0,
    read: 0,
    output: 0,
    inputDollars: 0,
    dollars: 0,
  }
  for (const { model, usage: u } of calls.values()) {
    const p = PRICES.find(([re]) => re.test(model))?.[1]
    if (!p) throw new Error(`no price for ${model} in the oracle`)
    const h1 = u.cache_creation?.ephemeral_1h_input_tokens ?? 0
    const w = u.cache_creation_input_tokens ?? 0
    const input = u.input_tokens ?? 0
    const read = u.cache_read_input_tokens ?? 0
    const out = u.output_tokens ?? 0
    const inDollars =
      (input * p[0] + (w - h1) * p[1] + h1 * p[2] + read * p[3]) / 1e6
    bill.requests++
    bill.input += input
    bill.write5m += w - h1
    bill.write1h += h1
    bill.read += read
    bill.output += out
    bill.inputDollars += inDollars
    bill.dollars += inDollars + (out * p[4]) / 1e6
  }
  return bill
}
