// The hostile cases of bench/hostile/run.mjs: how each input is built and
// which entry point it goes through.
const pdfRequest = (data) => ({
  model: "claude-sonnet-4-5",
  max_tokens: 100,
  messages: [
    {
      role: "user",
      content: [
        {
          type: "document",
          source: { type: "base64", media_type: "application/pdf", data },
        },
        { type: "text", text: "Summarize." },
      ],
    },
  ],
})

const { simulate } = await import("@/lib/context-editing")
const { parseImport } = await import("@/lib/import")
// Warm-up: the first call loads the tokenizer tables.
simulate({
  model: "claude-sonnet-4-5",
  max_tokens: 1,
  messages: [{ role: "user", content: "hi" }],
})
parseImport("curl https://api.anthropic.com/v1/messages -d '{}'")

function simulateAnswer(request) {
  const r = simulate(request)
  return r.ok
    ? `${r.original_input_tokens} tokens`
    : `error: ${r.error.message.slice(0, 60)}`
}

function importAnswer(text) {
  const r = parseImport(text)
  return `${r.format}, ${r.success ? "imported" : "not imported"}`
}

const { HOSTILE_PDFS } = await import("@/lib/extensions/hostile-pdfs.ts")
const { SCALING_INPUTS } = await import("@/lib/import/scaling/inputs.ts")

/** The page importer's adversarial inputs, each made 512 KB long. */
const HOSTILE_TEXTS = SCALING_INPUTS.filter((i) => i.importer === "page").map(
  (i) => {
    const per = i.make(2).length - i.make(1).length
    const n = Math.ceil((512 * 1024 - i.make(0).length) / per)
    return { name: `${i.name} (512 KB)`, make: () => i.make(n) }
  }
)

export const HOSTILE_CASES = [
  ...HOSTILE_PDFS.map((p) => ({
    name: `pdf: ${p.name}`,
    make: () => pdfRequest(p.make()),
    run: simulateAnswer,
  })),
  {
    name: "schema: 80k required names",
    make: () => ({
      model: "claude-sonnet-4-5",
      max_tokens: 100,
      tools: [
        {
          name: "t",
          input_schema: {
            type: "object",
            required: Array.from({ length: 80_000 }, (_, i) => `name${i}`),
          },
        },
      ],
      messages: [{ role: "user", content: "hi" }],
    }),
    run: simulateAnswer,
  },
  ...HOSTILE_TEXTS.map((t) => ({
    name: `paste: ${t.name}`,
    make: () => t.make(),
    run: importAnswer,
  })),
]
