"use client"

import { configWords } from "./config-words"
import { analyseFolder } from "./fleet-runner"
import { useFleet } from "./fleet-store"
import type { FormConfig } from "./fleet-take"

const same = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? {}) === JSON.stringify(b ?? {})

/** Which config the what-if replays, and a way to replay the form's when it changed. */
export function FleetConfigLine({ config }: { config: FormConfig }) {
  const analysed = useFleet((s) => s.config)
  const files = useFleet((s) => s.files)
  const shared = useFleet((s) => s.shared)
  const status = useFleet((s) => s.status)
  if (!analysed) return null
  const changed =
    !same(analysed.edits, config.edits) ||
    !same(analysed.assumptions, config.assumptions)
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      data-testid="fleet.config"
    >
      <span>
        {shared
          ? "Shared summary (numbers only) of a replay with: "
          : "Every session replayed with: "}
        <strong
          data-testid="fleet.config.label"
          title={
            analysed.edits?.length ? JSON.stringify(analysed.edits) : undefined
          }
        >
          {configWords(analysed.edits)}
        </strong>
      </span>
      {changed && !shared && files.length > 0 && status !== "reading" && (
        <button
          type="button"
          className="rounded-md border border-sky-400 px-2 py-0.5 hover:bg-sky-50 dark:hover:bg-sky-950"
          data-testid="fleet.config.rerun"
          onClick={() =>
            void analyseFolder(files, config.edits, config.assumptions)
          }
        >
          The form&rsquo;s config changed: replay with it
        </button>
      )}
    </div>
  )
}
