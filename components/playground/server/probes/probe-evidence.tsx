"use client"

import type { ProbeEvidence } from "@/lib/probes"
import { formatNumber } from "@/lib/format/number"

const fmt = (n: number | undefined) => (n === undefined ? "—" : formatNumber(n))

/** The requests and numbers behind one finding, behind a disclosure. */
export function ProbeEvidenceDetails({
  evidence,
}: {
  evidence: ProbeEvidence
}) {
  const n = evidence.requests.length
  return (
    <details className="mt-1 text-xs" data-testid="probes.evidence">
      <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
        Evidence ({n} request{n === 1 ? "" : "s"})
      </summary>
      <p className="mt-1">{evidence.finding}</p>
      {n > 0 && (
        <table className="mt-1 w-full text-left">
          <thead className="text-zinc-500">
            <tr>
              <th className="pr-2 font-normal">request</th>
              <th className="pr-2 font-normal">status</th>
              <th className="pr-2 font-normal">original</th>
              <th className="font-normal">after edits</th>
            </tr>
          </thead>
          <tbody>
            {evidence.requests.map((r, i) => (
              <tr key={i} className="align-top">
                <td className="pr-2">
                  {r.label}
                  {r.error && (
                    <span className="block text-red-700 dark:text-red-300">
                      {r.error}
                    </span>
                  )}
                  {r.body !== null && r.body !== undefined && (
                    <details>
                      <summary className="cursor-pointer text-zinc-500">
                        body
                      </summary>
                      <pre className="max-h-48 overflow-auto break-all whitespace-pre-wrap">
                        {JSON.stringify(r.body, null, 1)}
                      </pre>
                    </details>
                  )}
                </td>
                <td className="pr-2">{r.status}</td>
                <td className="pr-2">{fmt(r.original_input_tokens)}</td>
                <td>{fmt(r.input_tokens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  )
}
