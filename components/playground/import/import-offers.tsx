"use client"

import type { ParsedImport, TextRepair } from "@/lib/import"

const button =
  "rounded-md border px-2 py-0.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-blue-600"

/** `text` with `repairs` made (from the last, so earlier offsets stay right). */
export function applyRepairs(text: string, repairs: TextRepair[]): string {
  let out = text
  for (const r of [...repairs].sort((a, b) => b.offset - a.offset))
    out =
      out.slice(0, r.offset) + r.replacement + out.slice(r.offset + r.length)
  return out
}

/** The edits a successful import brings, if any (to apply them alone). */
function importedEdits(result: ParsedImport): object | null {
  if (!result.success) return null
  const cm = result.data.context_management as { edits?: unknown } | undefined
  return cm && Array.isArray(cm.edits) && cm.edits.length > 0 ? cm : null
}

/**
 * What the import can do besides importing: apply a snippet's
 * `context_management` to the current conversation (the only thing a
 * configuration snippet holds, or the edits of a request), and repair the
 * pasted text where a curl body's quotes break.
 */
export function ImportOffers({
  result,
  canEditText,
  onApplyEdits,
  onRepair,
  onShow,
}: {
  result: ParsedImport | null
  canEditText: boolean
  onApplyEdits?: (contextManagement: object) => void
  onRepair: (repairs: TextRepair[]) => void
  onShow: (line: number, column: number) => void
}) {
  if (!result) return null
  const offer = result.success ? null : (result.editsOffer ?? null)
  const edits = offer?.context_management ?? importedEdits(result)
  const repairs = result.textRepairs ?? []
  if (!edits && repairs.length === 0) return null
  return (
    <div className="flex flex-col gap-2" data-testid="import.offers">
      {repairs.length > 0 && (
        <section
          data-testid="import.repairs"
          aria-label="Repairs of the pasted text"
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <ul className="space-y-1">
            {repairs.slice(0, 5).map((r) => (
              <li key={r.offset}>
                {r.message}{" "}
                {canEditText && (
                  <button
                    type="button"
                    className="underline"
                    onClick={() => onShow(r.line, r.column)}
                  >
                    Show it
                  </button>
                )}
              </li>
            ))}
          </ul>
          {canEditText && (
            <button
              type="button"
              data-testid="import.repair"
              className={`${button} mt-1.5 border-amber-400 hover:bg-amber-100 dark:border-amber-600 dark:hover:bg-amber-900`}
              onClick={() => onRepair(repairs)}
            >
              Repair the text (write {repairs.length === 1 ? "it" : "them"} as
              &apos;\&apos;&apos;)
            </button>
          )}
        </section>
      )}
      {edits && onApplyEdits && (
        <section
          data-testid="import.edits-offer"
          aria-label="Apply the edits"
          className="rounded-md border border-sky-300 bg-sky-50 p-2 text-xs text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100"
        >
          <p>
            {offer
              ? `This text holds no conversation to import, but a context_management configuration (line ${offer.line}${offer.found > 1 ? `, the first of ${offer.found}` : ""}).`
              : "The import brings its own context_management: you can apply only its edits and keep your conversation."}
          </p>
          <button
            type="button"
            data-testid="import.apply-edits"
            className={`${button} mt-1.5 border-sky-400 bg-white hover:bg-sky-100 dark:border-sky-600 dark:bg-sky-900 dark:hover:bg-sky-800`}
            onClick={() => onApplyEdits(edits)}
          >
            Apply these edits to my conversation
          </button>
        </section>
      )}
    </div>
  )
}
