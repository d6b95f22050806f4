// Decodes a link and measures its work off the main thread: a hostile link
// can decode to tens of thousands of values, and inflating, parsing and
// counting them would otherwise block the page. A state over the work
// limit never crosses back; only its reason does.
import { decodeFragment, workOverLimit } from "@/lib/share"

import type { LinkWorkerReply } from "./link-decoder"

self.onmessage = async (event: MessageEvent<{ hash: string }>) => {
  const decoded = await decodeFragment(event.data.hash)
  const overLimit =
    decoded.success && decoded.data.requestText === undefined
      ? workOverLimit(decoded.data.request)
      : null
  const reply: LinkWorkerReply = overLimit ? { overLimit } : { decoded }
  self.postMessage(reply)
}
