// Reads the sizes of the picked files off the page's thread: a File from a
// folder picker learns its size from the disk on first use (a synchronous
// stat that takes the page's thread 0.3–2 ms a file).
self.onmessage = (e: MessageEvent<File[]>) => {
  self.postMessage(e.data.map((f) => f.size))
}
