import type {
  ImportError,
  ImportedRequest,
  ImportNote,
  ImportResult,
} from "./types"

/** Most notes one import reports (the rest are counted in a final note). */
export const MAX_NOTES = 100

/**
 * Collects repair notes. Repeated repairs of one kind are tallied into a
 * single note ("… in 12 messages") so a large import stays readable.
 */
export class Notes {
  private readonly items: ImportNote[] = []
  private readonly tallies = new Map<
    string,
    {
      level: ImportNote["level"]
      count: number
      message: (n: number) => string
      at: number
    }
  >()

  info(message: string): void {
    this.items.push({ level: "info", message })
  }

  warn(message: string): void {
    this.items.push({ level: "warning", message })
  }

  /** Counts one occurrence of a repair; reported once with the total. */
  tally(
    key: string,
    level: ImportNote["level"],
    message: (count: number) => string
  ): void {
    const entry = this.tallies.get(key)
    if (entry) entry.count++
    else
      this.tallies.set(key, { level, count: 1, message, at: this.items.length })
  }

  /**
   * Every note, tallies placed where their first occurrence happened; capped
   * so pathological input cannot flood the UI.
   */
  list(): ImportNote[] {
    const out = [...this.items]
    const tallies = [...this.tallies.values()].sort((a, b) => b.at - a.at)
    for (const t of tallies) {
      out.splice(t.at, 0, { level: t.level, message: t.message(t.count) })
    }
    if (out.length <= MAX_NOTES) return out
    const rest = out.length - MAX_NOTES + 1
    return [
      ...out.slice(0, MAX_NOTES - 1),
      {
        level: "warning",
        message: `…and ${thousands(rest)} more notes`,
      },
    ]
  }
}

/** 12345 → "12,345" (no Intl: it is slow when called per note). */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",")
}

/** "1 message" / "3 messages". */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`) {
  return `${thousands(count)} ${count === 1 ? noun : pluralNoun}`
}

/** A successful result. */
export function succeed(
  data: ImportedRequest,
  notes: Notes | ImportNote[],
  betas?: string[]
): ImportResult {
  const list = Array.isArray(notes) ? notes : notes.list()
  return betas && betas.length > 0
    ? { success: true, data, notes: list, betas }
    : { success: true, data, notes: list }
}

/** A failed result. */
export function failure(
  message: string,
  where: Omit<ImportError, "message"> = {}
): ImportResult {
  return { success: false, error: { message, ...where } }
}

/** Plain object check (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}
