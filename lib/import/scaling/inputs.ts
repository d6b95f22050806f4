/**
 * Adversarial inputs for the scaling checks, one family per importer: each
 * `make(n)` builds an input about n units long from a repeated piece that
 * once made an importer rescan (an unclosed tag, an unterminated quote, a
 * long chain). Used by scaling.test.ts and bench/import/scaling.mjs.
 */

export interface ScalingInput {
  importer: string
  name: string
  /** An input built from `n` repeats; doubling `n` about doubles the text. */
  make: (n: number) => string
  /** Repeats that make the input a few hundred KB. */
  n: number
}

const transcript = (body: string) => `Human: hi\n\nAssistant: ${body}`
const assistantJson = (content: string) =>
  JSON.stringify({
    model: "claude-sonnet-4-5",
    max_tokens: 100,
    messages: [
      { role: "user", content: "hi" },
      { role: "assistant", content },
    ],
  })
const REQUEST_JSON =
  '{"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}]}'
const curl = (rest: string) =>
  `curl https://api.anthropic.com/v1/messages ${rest}`

function ccLine(i: number, parent: string | null, extra = {}): string {
  return JSON.stringify({
    type: i % 2 ? "assistant" : "user",
    uuid: `u${i}`,
    parentUuid: parent,
    sessionId: "s",
    message: {
      role: i % 2 ? "assistant" : "user",
      content: [{ type: "text", text: "x" }],
      ...(i % 2 ? { id: `msg_${i}`, model: "claude-sonnet-4-5" } : {}),
    },
    ...extra,
  })
}

const lines = (n: number, line: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => line(i)).join("\n")

export const SCALING_INPUTS: ScalingInput[] = [
  {
    importer: "legacy-xml",
    name: "unclosed <function_results><result> repeated",
    make: (n) => transcript("<function_results><result>".repeat(n)),
    n: 8000,
  },
  {
    importer: "legacy-xml",
    name: "unclosed <function_calls><invoke name> repeated",
    make: (n) =>
      transcript(
        '<function_calls><invoke name="x"><parameter name="a">'.repeat(n)
      ),
    n: 4000,
  },
  {
    importer: "legacy-xml",
    name: "<tool_description> repeated in the system prompt",
    make: (n) => `${"<tool_description><tool_name>x".repeat(n)}\n\nHuman: hi`,
    n: 8000,
  },
  {
    importer: "legacy-xml",
    name: "legacy results in Messages JSON",
    make: (n) => assistantJson("<function_results><error><result>".repeat(n)),
    n: 6000,
  },
  {
    importer: "curl",
    name: "unterminated quote",
    make: (n) => curl(`-d '${'"'.repeat(n * 20)}`),
    n: 8000,
  },
  {
    importer: "curl",
    name: "many headers and line continuations",
    make: (n) => curl("-H 'x-a: b' \\\n".repeat(n)),
    n: 8000,
  },
  {
    importer: "curl",
    name: "a block of many commands",
    make: (n) =>
      `curl https://api.anthropic.com/v1/messages -d '{"model": "m", "messages": []}'\n`.repeat(
        n
      ),
    n: 1500,
  },
  {
    importer: "claude-code",
    name: "one long chain",
    make: (n) => lines(n, (i) => ccLine(i, i ? `u${i - 1}` : null)),
    n: 3000,
  },
  {
    importer: "claude-code",
    name: "every parent missing",
    make: (n) => lines(n, (i) => ccLine(i, `gone${i}`)),
    n: 3000,
  },
  {
    importer: "claude-code",
    name: "compact boundary every other line",
    make: (n) =>
      lines(n, (i) =>
        i % 4 === 3
          ? JSON.stringify({
              type: "system",
              subtype: "compact_boundary",
              uuid: `u${i}`,
              parentUuid: null,
              logicalParentUuid: `u${i - 1}`,
              sessionId: "s",
            })
          : ccLine(i, `u${i - 1}`)
      ),
    n: 3000,
  },
  {
    importer: "sdk-call",
    name: "unclosed calls repeated",
    make: (n) => "client.messages.create(messages=[{".repeat(n),
    n: 4000,
  },
  {
    importer: "sdk-call",
    name: "a long literal with adjacent strings",
    make: (n) =>
      `client.messages.create(model="m", max_tokens=1, messages=[${`{"role": "user", "content": "a" 'b'},`.repeat(n)}])`,
    n: 4000,
  },
  {
    importer: "sdk-call",
    name: "string building: f-string holes, + chains, repetition",
    make: (n) =>
      `LOG = "ok " * 3\nclient.messages.create(model="m", max_tokens=1, messages=[${`{"role": "user", "content": f"{LOG}{LOG * 2}" + "a" + LOG},`.repeat(n)}])`,
    n: 2000,
  },
  {
    importer: "sdk-call",
    name: "a name rebound and appended to on every line",
    make: (n) =>
      `text = "a"\nmessages = []\n${`text += "b"\nmessages.append({"role": "user", "content": text})\n`.repeat(n)}client.messages.create(model="m", max_tokens=1, messages=messages)`,
    n: 50,
  },
  {
    importer: "curl",
    name: "curl bodies broken by apostrophes (repaired), some never closing",
    make: (n) =>
      `curl https://api.anthropic.com/v1/messages -d '{"model": "m", "max_tokens": 1, "messages": [{"role": "user", "content": "I'll go, don't wait"}]}'\n${`curl -d '{"a": [{"b": "it's`.repeat(n)}`,
    n: 3000,
  },
  {
    importer: "openai",
    name: "many messages",
    make: (n) =>
      JSON.stringify({
        model: "gpt-4o",
        messages: Array.from({ length: n }, (_, i) => ({
          role: i % 2 ? "assistant" : "user",
          content: "x",
        })),
      }),
    n: 20000,
  },
  {
    importer: "anthropic-json",
    name: "same role repeated (merged)",
    make: (n) =>
      JSON.stringify({
        model: "claude-sonnet-4-5",
        max_tokens: 10,
        messages: Array.from({ length: n }, () => ({
          role: "user",
          content: "x",
        })),
      }),
    n: 20000,
  },
  {
    importer: "page",
    name: "prose between curl commands whose quotes never close",
    make: (n) =>
      `${REQUEST_JSON}\n${`Some prose about it.\ncurl https://api.anthropic.com/v1/messages -d '{"model": "m",\n`.repeat(n)}`,
    n: 1500,
  },
  {
    importer: "page",
    name: "lines opening JSON that never closes",
    make: (n) =>
      `${REQUEST_JSON}\n${'{"messages": [{"role": "user",\n'.repeat(n)}`,
    n: 6000,
  },
  {
    importer: "page",
    name: "one line of `curl ` repeated",
    make: (n) => "curl ".repeat(n),
    // Large enough that a GC step between the two sizes is not the ratio.
    n: 12800,
  },
  {
    importer: "page",
    name: "one line of `X=$(curl ` repeated",
    make: (n) => `${REQUEST_JSON}\n${"X=$(curl ".repeat(n)}`,
    n: 4000,
  },
  {
    importer: "page",
    name: "one line of tab-separated prose naming curl",
    make: (n) => `${REQUEST_JSON}\n${"use\tcurl\tto fetch it\t".repeat(n)}`,
    n: 1600,
  },
  {
    importer: "page",
    name: "lines of keywords and assignments before curl",
    make: (n) =>
      `${REQUEST_JSON}\n${`${"env ".repeat(20)}${"x curl ".repeat(20)}\n`.repeat(n)}`,
    n: 150,
  },
  {
    importer: "page",
    name: "an HTML page of many code blocks",
    make: (n) =>
      `<p>Try it:</p>\n<pre><code>curl https://api.anthropic.com/v1/messages -d &#39;{&quot;model&quot;: &quot;m&quot;, &quot;max_tokens&quot;: 5, &quot;messages&quot;: [{&quot;role&quot;: &quot;user&quot;, &quot;content&quot;: &quot;hi&quot;}]}&#39;</code></pre>\n`.repeat(
        n
      ),
    n: 400,
  },
  {
    importer: "request-log",
    name: "many conversations, each a growing history, one call a line",
    make: (n) =>
      lines(n, (i) =>
        JSON.stringify({
          request: {
            model: "claude-sonnet-4-5",
            max_tokens: 10,
            messages: Array.from({ length: 1 + 2 * (i % 8) }, (_, k) => ({
              role: k % 2 ? "assistant" : "user",
              content: `c${i >> 3} m${k}`,
            })),
          },
          response: {
            id: `msg_${i}`,
            model: "claude-sonnet-4-5",
            content: [{ type: "text", text: "ok" }],
            usage: { input_tokens: 10, output_tokens: 1 },
          },
        })
      ),
    n: 300,
  },
  {
    importer: "otlp",
    name: "a chain of nested chat spans, each the parent of the next",
    make: (n) =>
      JSON.stringify({
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: Array.from({ length: n }, (_, i) => ({
                  spanId: `s${i}`,
                  parentSpanId: i > 0 ? `s${i - 1}` : "",
                  startTimeUnixNano: String(1e18 + i),
                  attributes: [
                    {
                      key: "gen_ai.operation.name",
                      value: { stringValue: "chat" },
                    },
                    {
                      key: "gen_ai.request.model",
                      value: { stringValue: "claude-sonnet-4-5" },
                    },
                    {
                      key: "gen_ai.usage.input_tokens",
                      value: { intValue: 10 },
                    },
                    {
                      key: "gen_ai.input.messages",
                      value: {
                        stringValue: `[{"role":"user","parts":[{"type":"text","content":"q${i}"}]}]`,
                      },
                    },
                  ],
                })),
              },
            ],
          },
        ],
      }),
    n: 1000,
  },
]
