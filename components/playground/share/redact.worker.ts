// Redacts a share state off the main thread: the filler keeps every
// string's counted tokens, which means counting it with the Claude BPE
// (ranks loaded here, never in the page's first load).
import { redactState, type ShareState } from "@/lib/share"

self.onmessage = (event: MessageEvent<ShareState>) => {
  self.postMessage(redactState(event.data))
}
