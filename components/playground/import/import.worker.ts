// Parses and measures an import off the main thread: reading a dropped or
// chosen file, `parseImport` and the work measure of a 20 MB log take
// seconds, which on the page would freeze it.
import { MAX_INPUT_CHARS } from "@/lib/import"

import {
  checkImport,
  tooLargeMessage,
  type ImportAsk,
  type ImportVerdict,
} from "./import-check"

self.onmessage = async (event: MessageEvent<ImportAsk>) => {
  const { seq, text = "", file, pick } = event.data
  // A file's size is checked before a byte of it is read.
  if (file && file.size > MAX_INPUT_CHARS) {
    const reply: ImportVerdict = {
      seq,
      chars: file.size,
      result: null,
      tooHeavy: null,
      tooLarge: tooLargeMessage(file.size, file.name),
    }
    self.postMessage(reply)
    return
  }
  self.postMessage(checkImport(seq, file ? await file.text() : text, pick))
}
