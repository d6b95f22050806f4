/** Line numbers of offsets in one text, found by binary search (no rescans). */
export class LineIndex {
  private readonly starts: number[] = [0]

  constructor(text: string) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1))
      this.starts.push(i + 1)
  }

  /** 1-based line of `offset`. */
  line(offset: number): number {
    let lo = 0
    let hi = this.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
}
