// Browser-only Monaco bootstrap. Reached only through next/dynamic({ ssr: false })
// (monaco touches `window` at import time, which breaks prerendering).
// loader.config({ monaco }) makes @monaco-editor/react use this bundled copy
// instead of fetching loader.js from a CDN; workers are bundled from local files.
import { loader } from "@monaco-editor/react"
import * as monaco from "monaco-editor"

type WorkerFactory = { getWorker(workerId: string, label: string): Worker }
;(self as unknown as { MonacoEnvironment: WorkerFactory }).MonacoEnvironment = {
  getWorker(_workerId, label) {
    if (label === "json") {
      return new Worker(new URL("./workers/json.worker.ts", import.meta.url), {
        type: "module",
      })
    }
    return new Worker(new URL("./workers/editor.worker.ts", import.meta.url), {
      type: "module",
    })
  },
}

loader.config({ monaco })

// Exposed like the Monaco playground does, for tests and the devtools console.
;(self as unknown as { monaco: typeof monaco }).monaco = monaco

export { monaco }
