// Oversized answers for the fake Anthropic API, written with backpressure
// (the fake itself never holds more than one 1 MB chunk):
//   [[fault:huge-event]]   stream: message_start, content_block_start, then
//                          ONE text delta event of 100 MB
//   [[fault:huge-stream]]  stream: 100 MB of ordinary 16 KB text deltas
//   [[fault:huge-answer]]  a 200 JSON answer (count_tokens or messages) of 100 MB

export const OVERSIZE_FAULTS = new Set([
  "huge-event",
  "huge-stream",
  "huge-answer",
])

const MB = 1024 * 1024

/** Writes `chunk` and waits for the socket to drain; false once the client is gone. */
function write(res, chunk) {
  if (res.destroyed) return Promise.resolve(false)
  if (res.write(chunk)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = (ok) => {
      res.off("drain", onDrain)
      res.off("close", onClose)
      resolve(ok)
    }
    const onDrain = () => done(true)
    const onClose = () => done(false)
    res.on("drain", onDrain)
    res.on("close", onClose)
  })
}

/** Writes `bytes` of `filler` (1 MB at a time). */
async function pad(res, bytes, filler) {
  const chunk = filler.repeat(Math.ceil(MB / filler.length)).slice(0, MB)
  for (let left = bytes; left > 0; left -= MB) {
    if (!(await write(res, left >= MB ? chunk : chunk.slice(0, left))))
      return false
  }
  return true
}

const sse = (event, data) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

function start(body, n) {
  return (
    sse("message_start", {
      type: "message_start",
      message: {
        id: `msg_fake_${n}`,
        type: "message",
        role: "assistant",
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    }) +
    sse("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: "" },
    })
  )
}

/** Serves one oversize fault (100 MB). */
export async function serveOversize(res, fault, body, n) {
  const bytes = 100 * MB
  if (fault.kind === "huge-answer") {
    res.writeHead(200, { "content-type": "application/json" })
    await write(res, '{"input_tokens": 12, "padding": "')
    if (await pad(res, bytes, "x")) res.end('"}')
    return
  }
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    "request-id": `req_fake_${n}`,
  })
  if (!(await write(res, start(body, n)))) return
  if (fault.kind === "huge-event") {
    const head =
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"'
    if (!(await write(res, head))) return
    if (await pad(res, bytes, "x")) res.end('"}}\n\n')
    return
  }
  const delta = sse("content_block_delta", {
    type: "content_block_delta",
    index: 0,
    delta: { type: "text_delta", text: "y".repeat(16 * 1024) },
  })
  const perMb = Math.floor(MB / delta.length)
  const block = delta.repeat(perMb)
  for (let sent = 0; sent < bytes; sent += block.length) {
    if (!(await write(res, block))) return
  }
  res.end()
}
