"use client"

import { useId, useMemo } from "react"

import type { SimulateOptions } from "@/lib/context-editing"
import {
  exportCode,
  exportLangChain,
  type ExportLanguage,
  type ExportTarget,
  exportTest,
} from "@/lib/export"

import { usePlaygroundStore } from "../store/playground-store-provider"
import { CopyButton } from "@/components/ui/copy-button"
import { ModalDialog } from "@/components/ui/modal-dialog"
import {
  SegmentedTabs,
  type TabOption,
  useTabs,
} from "@/components/ui/segmented-tabs"

/** Props for `ExportDialog`. */
export interface ExportDialogProps {
  open: boolean
  onClose(): void
  /** The Messages API request body (anything else shows a hint instead of code). */
  request: unknown
}

const LANGUAGES: TabOption<ExportLanguage>[] = [
  { value: "curl", label: "curl", testId: "export.lang.curl" },
  { value: "python", label: "Python", testId: "export.lang.python" },
  {
    value: "typescript",
    label: "TypeScript",
    testId: "export.lang.typescript",
  },
]

type Target = ExportTarget | "test" | "langchain"

const TARGETS: TabOption<Target>[] = [
  { value: "messages", label: "Messages", testId: "export.target.messages" },
  {
    value: "count_tokens",
    label: "Count tokens",
    testId: "export.target.count_tokens",
  },
  { value: "test", label: "Test", testId: "export.target.test" },
  { value: "langchain", label: "LangChain", testId: "export.target.langchain" },
]

const CURL_HINT: Record<"test" | "langchain", string> = {
  test: "# A test is written in Python (pytest) or TypeScript (vitest): pick one of them above.\n",
  langchain:
    "# LangChain's ContextEditingMiddleware is Python or TypeScript: pick one of them above.\n",
}

/** Code export: the request as curl / Python / TypeScript, for messages or count_tokens, as a test of the predicted applied_edits, or as LangChain middleware. */
export function ExportDialog({ open, onClose, request }: ExportDialogProps) {
  const [language, languageTabs] = useTabs(LANGUAGES, "curl")
  const [target, targetTabs] = useTabs(TARGETS, "messages")
  const assumptions = usePlaygroundStore((s) => s.assumptions)
  const calibration = usePlaygroundStore((s) => s.calibration)
  const panelId = useId()
  const code = useMemo(() => {
    if (!open) return ""
    if (target !== "test" && target !== "langchain")
      return exportCode(request, { language, target })
    if (language === "curl") return CURL_HINT[target]
    const options: SimulateOptions = {
      assumptions: assumptions as SimulateOptions["assumptions"],
      calibration,
    }
    return target === "test"
      ? exportTest(request, language, options)
      : exportLangChain(request, language, options)
  }, [open, request, language, target, assumptions, calibration])

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Export code"
      testIdPrefix="export"
    >
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedTabs label="Language" {...languageTabs} controls={panelId} />
        <SegmentedTabs label="Endpoint" {...targetTabs} controls={panelId} />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The API key is read from{" "}
        <code className="font-mono">ANTHROPIC_API_KEY</code>; it is never part
        of the code.
        {target === "test" &&
          " The test sends the request once and passes when the API applies the edits the playground predicts (the counts are exact predictions; token amounts only have to be positive)."}
        {target === "langchain" &&
          " LangChain's middleware clears tool results in your agent instead of on the server; the comments list where it behaves differently for this config."}
      </p>
      <div id={panelId} role="tabpanel" className="relative">
        <pre
          data-testid="export.code"
          tabIndex={0}
          aria-label={`${language} code for ${target}`}
          className="max-h-[50dvh] overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        >
          {code}
        </pre>
      </div>
      <div>
        <CopyButton text={code} testId="export.copy" label="Copy code" />
      </div>
    </ModalDialog>
  )
}
