// The bytes of the files a replay reads whole, read on the main thread
// while a worker replays the file before: each file goes to its worker
// transferred (lent), not copied, and comes back with the worker's answer,
// so a few buffers serve a whole folder (fresh memory for every file costs
// page faults) and the replaying thread never waits on the disk.
import { isUtf8 } from "node:buffer"
import { closeSync, fstatSync, openSync, readSync } from "node:fs"

import { opensAsClaudeCode } from "@/lib/fleet/fast-bill"

/** Largest Claude Code log replayed (read whole); a larger one gets its bill alone. */
export const REPLAY_MAX_BYTES = 128 * 1024 * 1024

/** Buffers kept for reuse: the files in flight on a thread and the one being read. */
const KEEP = 4

/**
 * Whether a file can be read line by line with the page's exact result:
 * Claude Code JSONL, valid UTF-8 (a line decodes as the whole does) and no
 * NUL (which the page's import gate refuses). The NUL is looked for with
 * Buffer's search (memchr): a Uint8Array's own `indexOf` visits byte by
 * byte, eight times slower, and was 4 % of a report's CPU.
 */
export const readsByLine = (bytes: Uint8Array): boolean =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(0) ===
    -1 &&
  isUtf8(bytes) &&
  opensAsClaudeCode(bytes)

/** A file's bytes lent to a worker, and whether it reads them line by line (`readsByLine`). */
export interface Lent {
  bytes: Uint8Array
  byLine: boolean
}

/**
 * A whole file read into the memory `into(size)` gives; null when it
 * cannot be read, or `into` gives none (too large for the caller).
 */
export function readFileInto(
  path: string,
  into: (size: number) => Uint8Array | null
): Uint8Array | null {
  let fd: number
  try {
    fd = openSync(path, "r")
  } catch {
    return null
  }
  try {
    const bytes = into(fstatSync(fd).size)
    if (!bytes) return null
    let n = 0
    for (let k = -1; k !== 0 && n < bytes.length; n += k)
      k = readSync(fd, bytes, n, bytes.length - n, null)
    return bytes.subarray(0, n)
  } catch {
    return null
  } finally {
    closeSync(fd)
  }
}

export class ByteLender {
  private readonly free: ArrayBuffer[] = []

  /**
   * The file's bytes, in a buffer of the lender's; null when the worker
   * should read it itself: over the replay's limit (its bill is streamed),
   * or unreadable (the worker's own reading says why, as for any file).
   */
  lend(path: string): Lent | null {
    const read = readFileInto(path, (size) =>
      size > REPLAY_MAX_BYTES
        ? null
        : new Uint8Array(this.bufferOf(size), 0, size)
    )
    return read && { bytes: read, byLine: readsByLine(read) }
  }

  /** A buffer back from a worker, for the next file. */
  giveBack(buffer: ArrayBuffer): void {
    if (this.free.length < KEEP) this.free.push(buffer)
  }

  /** A free buffer of at least `size` bytes (a new one when none is). */
  private bufferOf(size: number): ArrayBuffer {
    const i = this.free.findIndex((b) => b.byteLength >= size)
    if (i !== -1) return this.free.splice(i, 1)[0]!
    // The smaller ones are dropped: the largest files come first, so the
    // first buffers serve the rest.
    this.free.pop()
    return new ArrayBuffer(Math.max(size, 64 * 1024))
  }
}
