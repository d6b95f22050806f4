// Files read ahead for a replay on the command's own thread (here.ts), by
// a thread that does nothing else: it opens, reads and checks each file
// (file-bytes.ts, `readsByLine`) into one of a few shared buffers while the
// command's thread replays the file before. Opening, reading and checking
// were a tenth of that thread's time on the bench's folder.
//
// The two threads meet in shared memory, not messages (the replaying
// thread does not return to its event loop between files): each slot has a
// state; the reader fills the free slots in the files' order, the replay
// takes them in the same order and frees each once its file is replayed.
// A file the reader cannot read, or that does not fit, is left to the
// replay to read itself, with the reason it gives for any file; a reader
// that stops answering is given up after WAIT_MS and the replay reads the
// rest itself.
import type { Worker } from "node:worker_threads"

import { type Lent, readsByLine, readFileInto } from "./file-bytes"

/** Slots: the file being replayed, and the next ones read ahead. */
const SLOTS = 6
const FREE = 0
const FILLED = 1
/** The replay reads this file itself. */
const LEFT = 2
/** Fields of a slot in the control array. */
const STATE = 0
const LENGTH = 1
const BY_LINE = 2
const FIELDS = 3
/** The control array's last field: the replay has stopped taking files. */
const STOP = SLOTS * FIELDS
/** Longest wait for a file before the reader is given up. */
const WAIT_MS = 2_000

/** What the reader thread is sent: the files in order, and the memory they are read into. */
export interface ReadAheadPlan {
  paths: string[]
  control: SharedArrayBuffer
  slots: SharedArrayBuffer[]
}

/** The replay's side: the files' bytes, in the plan's order. */
export class ReadAhead {
  private readonly control: Int32Array
  private next = 0
  private gone = false

  private constructor(
    private readonly plan: ReadAheadPlan,
    private readonly reader: Worker
  ) {
    this.control = new Int32Array(plan.control)
  }

  /** Starts reading `paths` in order on `reader`, into slots of `capacity` bytes. */
  static start(reader: Worker, paths: string[], capacity: number): ReadAhead {
    const plan: ReadAheadPlan = {
      paths,
      control: new SharedArrayBuffer((STOP + 1) * 4),
      slots: Array.from(
        { length: SLOTS },
        () => new SharedArrayBuffer(Math.max(capacity, 1))
      ),
    }
    reader.postMessage(plan)
    return new ReadAhead(plan, reader)
  }

  /** The next file's bytes (null: read it yourself); `done` frees its slot. */
  take(): Lent | null {
    const slot = this.next++ % SLOTS
    const at = slot * FIELDS
    if (this.gone) return null
    if (Atomics.load(this.control, at + STATE) === FREE)
      Atomics.wait(this.control, at + STATE, FREE, WAIT_MS)
    const state = Atomics.load(this.control, at + STATE)
    if (state === FREE) {
      this.stop()
      return null
    }
    if (state === LEFT) return null
    return {
      bytes: new Uint8Array(
        this.plan.slots[slot]!,
        0,
        this.control[at + LENGTH]!
      ),
      byLine: this.control[at + BY_LINE] === 1,
    }
  }

  /** The file last taken is replayed: its slot is free for the reader. */
  done(): void {
    if (this.gone) return
    const at = ((this.next - 1) % SLOTS) * FIELDS
    Atomics.store(this.control, at + STATE, FREE)
    Atomics.notify(this.control, at + STATE)
  }

  /** No more files are taken: the reader stops and its thread ends. */
  stop(): void {
    this.gone = true
    Atomics.store(this.control, STOP, 1)
    for (let s = 0; s < SLOTS; s++) Atomics.notify(this.control, s * FIELDS)
    void this.reader.terminate()
  }
}

/** The reader's side: fills the slots in order until the files end or the replay stops. */
export function readAhead({ paths, control, slots }: ReadAheadPlan): void {
  const c = new Int32Array(control)
  for (const [k, path] of paths.entries()) {
    const slot = k % SLOTS
    const at = slot * FIELDS
    while (Atomics.load(c, at + STATE) !== FREE) {
      if (Atomics.load(c, STOP) === 1) return
      Atomics.wait(c, at + STATE, Atomics.load(c, at + STATE), 1_000)
    }
    if (Atomics.load(c, STOP) === 1) return
    const memory = slots[slot]!
    const bytes = readFileInto(path, (size) =>
      size > memory.byteLength ? null : new Uint8Array(memory, 0, size)
    )
    if (bytes) {
      c[at + LENGTH] = bytes.length
      c[at + BY_LINE] = readsByLine(bytes) ? 1 : 0
    }
    Atomics.store(c, at + STATE, bytes ? FILLED : LEFT)
    Atomics.notify(c, at + STATE)
  }
}
